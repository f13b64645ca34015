# gzip.cmake — beside each file of the page its gzip (FILE.gz, made when
# the file is newer), which the server sends to a browser that takes it
# (Accept-Encoding: gzip).  cmake -DOUT=DIR -P gzip.cmake
file(GLOB files ${OUT}/*.html ${OUT}/*.js ${OUT}/*.css ${OUT}/*.svg
     ${OUT}/*.wasm)
foreach(f ${files})
  if(NOT EXISTS ${f}.gz OR ${f} IS_NEWER_THAN ${f}.gz)
    execute_process(COMMAND gzip -9 -n -k -f ${f} RESULT_VARIABLE rc)
    if(rc)
      message(FATAL_ERROR "gzip ${f}: ${rc}")
    endif()
  endif()
endforeach()
