# Warnings for the project's own targets (third-party headers are SYSTEM).
function(clcuda_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra)
endfunction()

# Embeds text files into a generated C++ source as an array of
#   clcuda::EmbeddedFile { const char* name; const char* data; size_t size; }
# named VARIABLE in namespace clcuda, and adds it to TARGET's sources.
# Names are the paths relative to BASE_DIR. Regenerated when a file changes.
function(clcuda_embed_files target variable base_dir)
  set(files ${ARGN})
  set(out "${CMAKE_CURRENT_BINARY_DIR}/${variable}.cpp")
  string(REPLACE ";" "|" file_list "${files}")
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${out} -DVARIABLE=${variable}
            -DBASE_DIR=${base_dir} "-DFILES=${file_list}"
            -P ${PROJECT_SOURCE_DIR}/cmake/EmbedFiles.cmake
    DEPENDS ${files} ${PROJECT_SOURCE_DIR}/cmake/EmbedFiles.cmake
    COMMENT "Embedding ${variable}"
    VERBATIM)
  target_sources(${target} PRIVATE "${out}")
  target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR}/cmake/include)
endfunction()
