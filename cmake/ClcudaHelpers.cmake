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

# SPIR-V modules of OpenCL C sources as a compiler makes them: each
# SOURCE.cl of SOURCES becomes OUTPUT_DIR/SOURCE.spv (clang-15 -O2 to spir64
# LLVM IR with OPTIONS, default -cl-std=CL1.2, then llvm-spirv-15 with every
# SPIR-V extension it knows allowed). The module paths go to `variable`.
function(clcuda_spirv_from_opencl variable output_dir)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "OPTIONS;SOURCES")
  if(NOT arg_OPTIONS)
    set(arg_OPTIONS -cl-std=CL1.2)
  endif()
  set(modules)
  foreach(source ${arg_SOURCES})
    get_filename_component(stem ${source} NAME_WE)
    set(bitcode ${output_dir}/${stem}.bc)
    set(module ${output_dir}/${stem}.spv)
    add_custom_command(OUTPUT ${module}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${output_dir}
      COMMAND ${CLCUDA_SPIRV_CLANG} -c -emit-llvm -target spir64-unknown-unknown ${arg_OPTIONS}
              -O2 -Xclang -finclude-default-header ${source} -o ${bitcode}
      COMMAND ${CLCUDA_LLVM_SPIRV} --spirv-ext=+all ${bitcode} -o ${module}
      DEPENDS ${source}
      COMMENT "Compiling ${stem}.cl to SPIR-V")
    list(APPEND modules ${module})
  endforeach()
  set(${variable} ${modules} PARENT_SCOPE)
endfunction()

# Gives every test gtest_discover_tests(... TEST_LIST list_variable) finds
# the labels `labels` (a list). Its PROPERTIES cannot carry a list: CMake
# 3.25's GoogleTest module flattens it ("translator;gpu" became LABELS
# translator and a stray property "gpu"), so the labels are set once the
# discovered tests are defined, by a script ctest includes after the
# discovery's own.
function(clcuda_label_discovered_tests list_variable labels)
  set(script ${CMAKE_CURRENT_BINARY_DIR}/${list_variable}_labels.cmake)
  file(WRITE ${script}
       "set_tests_properties(\${${list_variable}} PROPERTIES LABELS \"${labels}\")\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${script})
endfunction()
