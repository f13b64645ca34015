# web/web.cmake — included by the top CMakeLists.txt: the page, built with
# emscripten (web/CMakeLists.txt) into build/web/ beside build/ludoteka,
# where `ludoteka serve` finds it.  -DLT_WEB=OFF leaves it out.
option(LT_WEB "Build the browser front end (needs emscripten)" ON)
set(LT_WEB_OUT ${PROJECT_BINARY_DIR}/web)
if(LT_WEB)
  find_program(EMCC emcc)
  find_file(EMSCRIPTEN_TOOLCHAIN Emscripten.cmake
            PATHS /usr/share/emscripten/cmake/Modules/Platform
            NO_DEFAULT_PATH)
  if(NOT EMCC OR NOT EMSCRIPTEN_TOOLCHAIN)
    message(FATAL_ERROR "emscripten not found: install it (scripts/deps.sh "
                        "run does) or configure with -DLT_WEB=OFF")
  endif()
  # Debian's emcc runs node with Debian's own modules (acorn)
  set(LT_EMENV ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs)
  if(CMAKE_GENERATOR MATCHES "Make")
    set(LT_WEB_BUILD ${LT_EMENV} $(MAKE)) # shares make's -j
  else()
    set(LT_WEB_BUILD ${LT_EMENV} ${CMAKE_COMMAND} --build .)
  endif()
  include(ExternalProject)
  ExternalProject_Add(web
    SOURCE_DIR ${PROJECT_SOURCE_DIR}/web
    BINARY_DIR ${PROJECT_BINARY_DIR}/web-build
    CONFIGURE_COMMAND ${LT_EMENV} ${CMAKE_COMMAND} -S <SOURCE_DIR> -B <BINARY_DIR>
      -DCMAKE_TOOLCHAIN_FILE=${EMSCRIPTEN_TOOLCHAIN} -DCMAKE_BUILD_TYPE=Release
      -DLT_ROOT=${PROJECT_SOURCE_DIR} -DLT_WEB_OUT=${LT_WEB_OUT}
    BUILD_COMMAND ${LT_WEB_BUILD}
    BUILD_ALWAYS ON
    INSTALL_COMMAND "")
  install(DIRECTORY ${LT_WEB_OUT}/ DESTINATION ${CMAKE_INSTALL_DATADIR}/ludoteka/web)
endif()
