# publish.cmake — the page as it is served: from the build's staging folder
# (the files of web/page and the emscripten output, as they are) into OUT,
#
#  - every file but index.html and sw.js under a name with the first 8 hex
#    digits of the SHA-256 of its content (app.js -> app.1a2b3c4d.js), the
#    content taken after the names it refers to are rewritten, so that a
#    change anywhere renames every file that leads to it; the server tells
#    browsers to keep such names for a year (Cache-Control: immutable);
#  - index.html and sw.js under their own names (the server has them
#    revalidated: no-cache and an ETag), with the new names;
#  - sw.js from its template: the files to keep for offline play, and a
#    version, which changes whenever any of them does;
#  - beside each file its brotli (FILE.br, when BROTLI is given) and its
#    gzip (FILE.gz), the server's to send by the request's Accept-Encoding;
#    kept only when smaller;
#  - nothing else: files of earlier builds are removed.
#
# A reference is a file's name in quotes, alone or after a slash: "app.js",
# './board.js', 'worker.js'.  Text files (html, js, css, svg) are read for
# them; the others (the wasm) are copied as they are.
#
#   cmake -DSTAGE=DIR -DOUT=DIR -DTEMPLATE=sw.js.in [-DBROTLI=brotli]
#         [-DNAMES=index.html,app.js,...] -P publish.cmake
cmake_minimum_required(VERSION 3.18)
foreach(v STAGE OUT TEMPLATE)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "publish.cmake: -D${v}= is missing")
  endif()
endforeach()

file(MAKE_DIRECTORY ${OUT})
if(DEFINED NAMES) # the files to publish, by commas; else all of STAGE
  string(REPLACE "," ";" names "${NAMES}")
else()
  file(GLOB names RELATIVE ${STAGE} ${STAGE}/*)
endif()
list(REMOVE_ITEM names sw.js.in)
list(SORT names)
set(pending)
foreach(n ${names})
  if(NOT IS_DIRECTORY ${STAGE}/${n} AND NOT n MATCHES "^\\." AND NOT n MATCHES "\\.tmp")
    list(APPEND pending ${n})
  endif()
endforeach()
if(NOT "index.html" IN_LIST pending)
  message(FATAL_ERROR "publish.cmake: no index.html in ${STAGE}")
endif()

function(is_text name out)
  if(name MATCHES "\\.(html|js|mjs|css|svg)$")
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

# the regular expression of a reference to a name
function(reference_re name out)
  string(REPLACE "." "\\." esc "${name}") # names: letters, digits, . _ -
  set(${out} "([\"'/])${esc}([\"'])" PARENT_SCOPE)
endfunction()

# Each file once every file it refers to has its new name; the text of a
# file is kept in content_<name>.
set(published) # new names, in order
set(renamed)   # old names, in the same order
set(kept index.html sw.js)
foreach(n ${pending})
  is_text(${n} text)
  if(text)
    file(READ ${STAGE}/${n} content_${n})
  endif()
endforeach()
while(pending)
  set(progress FALSE)
  set(still)
  foreach(n ${pending})
    is_text(${n} text)
    set(waits FALSE)
    if(text)
      foreach(other ${pending})
        if(NOT other STREQUAL n AND NOT other STREQUAL "index.html")
          reference_re(${other} re)
          if("${content_${n}}" MATCHES "${re}")
            set(waits TRUE)
            break()
          endif()
        endif()
      endforeach()
    endif()
    if(waits)
      list(APPEND still ${n})
      continue()
    endif()
    set(progress TRUE)
    if(text)
      foreach(other IN LISTS renamed)
        reference_re(${other} re)
        string(REGEX REPLACE "${re}" "\\1${new_${other}}\\2" content_${n} "${content_${n}}")
      endforeach()
    endif()
    if(n STREQUAL "index.html")
      set(new_${n} ${n})
      file(WRITE ${OUT}/.${n}.tmp "${content_${n}}")
      file(COPY_FILE ${OUT}/.${n}.tmp ${OUT}/${n} ONLY_IF_DIFFERENT)
      file(REMOVE ${OUT}/.${n}.tmp)
      continue()
    endif()
    if(text)
      string(SHA256 h "${content_${n}}")
    else()
      file(SHA256 ${STAGE}/${n} h)
    endif()
    string(SUBSTRING ${h} 0 8 h)
    string(FIND "${n}" "." at) # the digest goes before the extension
    if(at LESS 0)
      set(new ${n}.${h})
    else()
      string(SUBSTRING "${n}" 0 ${at} stem)
      string(SUBSTRING "${n}" ${at} -1 ext)
      set(new ${stem}.${h}${ext})
    endif()
    set(new_${n} ${new})
    list(APPEND renamed ${n})
    list(APPEND published ${new})
    if(NOT EXISTS ${OUT}/${new}) # else the same content is there already
      if(text)
        file(WRITE ${OUT}/.${new}.tmp "${content_${n}}")
      else()
        file(COPY_FILE ${STAGE}/${n} ${OUT}/.${new}.tmp)
      endif()
      file(RENAME ${OUT}/.${new}.tmp ${OUT}/${new})
    endif()
  endforeach()
  if(NOT progress)
    message(FATAL_ERROR "publish.cmake: these files refer to each other: ${still}")
  endif()
  set(pending ${still})
endwhile()

# The service worker: the page ('./') and every file, its version a digest
# of their names (each name a digest of its content) and of index.html.
file(SHA256 ${OUT}/index.html digest)
set(FILES "")
foreach(f ${published})
  string(APPEND digest " ${f}")
  string(APPEND FILES "  './${f}',\n")
endforeach()
string(SHA256 version "${digest}")
string(SUBSTRING ${version} 0 16 VERSION)
configure_file(${TEMPLATE} ${OUT}/.sw.js.tmp @ONLY)
file(COPY_FILE ${OUT}/.sw.js.tmp ${OUT}/sw.js ONLY_IF_DIFFERENT)
file(REMOVE ${OUT}/.sw.js.tmp)

# Compressed beside each file, when the file is newer; kept when smaller
# (a file too small to gain is compressed again by the next build: it is
# small).
set(served ${published} ${kept})
foreach(f ${served})
  file(SIZE ${OUT}/${f} size)
  set(tools)
  if(BROTLI)
    list(APPEND tools br)
  endif()
  list(APPEND tools gz)
  foreach(ext ${tools})
    set(z ${OUT}/${f}.${ext})
    if(EXISTS ${z} AND NOT ${OUT}/${f} IS_NEWER_THAN ${z})
      continue()
    endif()
    file(REMOVE ${z})
    if(ext STREQUAL "br")
      execute_process(COMMAND ${BROTLI} -q 11 -c ${OUT}/${f} OUTPUT_FILE ${z}.tmp
                      RESULT_VARIABLE rc)
    else()
      execute_process(COMMAND gzip -9 -n -c ${OUT}/${f} OUTPUT_FILE ${z}.tmp
                      RESULT_VARIABLE rc)
    endif()
    if(rc)
      message(FATAL_ERROR "publish.cmake: compressing ${f} (${ext}): ${rc}")
    endif()
    file(SIZE ${z}.tmp zsize)
    if(zsize LESS size)
      file(RENAME ${z}.tmp ${z})
    else()
      file(REMOVE ${z}.tmp)
    endif()
  endforeach()
endforeach()

# Whatever else is in OUT is of an earlier build.
set(keep)
foreach(f ${served})
  list(APPEND keep ${f} ${f}.br ${f}.gz)
endforeach()
file(GLOB old RELATIVE ${OUT} LIST_DIRECTORIES false ${OUT}/* ${OUT}/.*)
foreach(f ${old})
  if(NOT f IN_LIST keep)
    file(REMOVE ${OUT}/${f})
  endif()
endforeach()
