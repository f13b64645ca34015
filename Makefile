# Makefile — the two commands that matter (make run, make test) and the rest.
BUILD      ?= build
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
PREFIX     ?= /usr/local
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
FUZZ_SECONDS ?= 60

.PHONY: all run serve deps test test-asan install fuzz clean

# Release build of build/ludoteka and the library.
all:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD) -j$(JOBS)

# Install what is missing (Debian), build, start the menu.
run: deps all
	./$(BUILD)/ludoteka

# Every game in the browser, and rooms for playing over the network.
serve: deps all
	./$(BUILD)/ludoteka serve

deps:
	scripts/deps.sh run

# The browser and load tests' packages (playwright-core drives Debian's
# chromium: no browser is downloaded), from the committed lock file.
WEB_TEST_PACKAGES = tests/web/node_modules/.package-lock.json
$(WEB_TEST_PACKAGES): tests/web/package.json tests/web/package-lock.json
	cd tests/web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund

# Warnings as errors, the whole suite; then the same suite under
# AddressSanitizer and UBSan (clang).
test: $(WEB_TEST_PACKAGES)
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DLT_TESTS=ON -DLT_WERROR=ON
	cmake --build $(BUILD) -j$(JOBS)
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)
	$(MAKE) test-asan

# (the page is the release build's: the sanitizers watch the native code,
# the server under load included)
test-asan: $(WEB_TEST_PACKAGES)
	CC=clang cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug \
	  -DCMAKE_C_FLAGS_DEBUG="-O1 -g" -DLT_TESTS=ON -DLT_SANITIZE=ON -DLT_WERROR=ON \
	  -DLT_WEB=OFF
	cmake --build $(ASAN_BUILD) -j$(JOBS)
	cd $(ASAN_BUILD) && ctest --output-on-failure -j$(JOBS)

install: all
	cmake --install $(BUILD) --prefix $(PREFIX)

# libFuzzer on every target for FUZZ_SECONDS each; new finds go to the
# corpus in fuzz/corpus/TARGET, which is then minimised (-merge=1).
fuzz:
	CC=clang cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=Debug \
	  -DCMAKE_C_FLAGS_DEBUG="-O1 -g" -DLT_FUZZ=ON -DLT_WEB=OFF
	cmake --build $(FUZZ_BUILD) -j$(JOBS)
	for t in $$(cat fuzz/targets); do \
	  f=./$(FUZZ_BUILD)/fuzz/fuzz_$$t; c=fuzz/corpus/$$t; \
	  mkdir -p $$c && rm -rf $$c.min && mkdir $$c.min || exit 1; \
	  $$f -max_total_time=$(FUZZ_SECONDS) -max_len=4096 $$c || exit 1; \
	  $$f -merge=1 $$c.min $$c >/dev/null 2>&1 || exit 1; \
	  rm -rf $$c && mv $$c.min $$c; \
	done

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)
