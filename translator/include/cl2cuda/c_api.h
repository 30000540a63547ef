/* The C ABI of libcl2cuda.so, loaded by the shim with dlopen (docs/design.md,
 * "The C ABI the shim loads"). Keep it C-compatible and stable: the shim
 * resolves these symbols by name. */
#ifndef CL2CUDA_C_API_H
#define CL2CUDA_C_API_H

#if defined(CL2CUDA_BUILDING_LIBRARY)
#define CL2CUDA_C_EXPORT __attribute__((visibility("default")))
#else
#define CL2CUDA_C_EXPORT
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* An in-memory header of clCompileProgram (header_include_names). */
typedef struct cl2cuda_header {
  const char *name;
  const char *source;
} cl2cuda_header;

typedef struct cl2cuda_result {
  int status;        /* 0 ok, 1 build failure (see log), 2 invalid build options */
  char *cuda_source; /* compile-mode CUDA C++ */
  char *metadata;    /* serialized cl2cuda::ProgramMetadata */
  char *log;         /* diagnostics, file:line:col as in the user's source */
} cl2cuda_result;

/* Translates one OpenCL C program. Returns result->status. Every string in
 * *result is allocated (empty rather than NULL; NULL only if memory ran out)
 * and released by cl2cuda_result_free. cuda_source and metadata are empty
 * unless status is 0. Safe to call from several threads at once. */
CL2CUDA_C_EXPORT int cl2cuda_translate(const char *source, const char *options,
                                       const cl2cuda_header *headers, unsigned num_headers,
                                       cl2cuda_result *result);

/* As cl2cuda_translate, for one unit of separate compilation
 * (clCompileProgram): every function with external linkage takes the hidden
 * NDRange and every kernel has a body other units may call, so units that
 * declare and units that define a function agree on its signature. Unless
 * whole_program is NULL, it gets, when the unit translated (status 0), what
 * cl2cuda_translate gives the same source, from the same parse: a unit that
 * is linked alone is built as that whole program. Both are released by
 * cl2cuda_result_free; whole_program's strings are empty when the unit's
 * translation failed. */
CL2CUDA_C_EXPORT int cl2cuda_translate_unit(const char *source, const char *options,
                                            const cl2cuda_header *headers, unsigned num_headers,
                                            cl2cuda_result *result, cl2cuda_result *whole_program);

/* A specialization constant's value (clSetProgramSpecializationConstant):
 * `size` bytes at `value`, as the constant's type has them. */
typedef struct cl2cuda_spec_constant {
  unsigned id;
  unsigned size;
  const void *value;
} cl2cuda_spec_constant;

/* As cl2cuda_translate, for a SPIR-V module of OpenCL's Kernel environment
 * (clCreateProgramWithIL's binary, `length` bytes), with the values of
 * `num_constants` specialization constants: status 1 with the reason in the
 * log when it is invalid or uses what the front end does not support
 * (docs/translator.md, "SPIR-V programs"). As a unit (`as_unit` nonzero,
 * clCompileProgram) the module's exported functions and variables are
 * defined for, and its imported ones declared from, the other units of a
 * link; else it is a whole program. `options` (NULL: none) are the build
 * options: status 2 when one is not understood; those OpenCL ignores for IL
 * (-D, -I, -cl-std=) have no effect. */
CL2CUDA_C_EXPORT int cl2cuda_translate_il(const void *il, unsigned long length,
                                          const cl2cuda_spec_constant *constants,
                                          unsigned num_constants, int as_unit, const char *options,
                                          cl2cuda_result *result);

/* The specialization constants of a SPIR-V module: the first `capacity` of
 * their SpecIds in ids[] and sizes in bytes (a bool's is 1) in sizes[].
 * Returns how many the module has, or -1 when it cannot be read. */
CL2CUDA_C_EXPORT int cl2cuda_il_spec_constants(const void *il, unsigned long length, unsigned *ids,
                                               unsigned *sizes, unsigned capacity);

/* Releases the strings of *result and sets them to NULL. */
CL2CUDA_C_EXPORT void cl2cuda_result_free(cl2cuda_result *result);

#ifdef __cplusplus
}
#endif

#endif /* CL2CUDA_C_API_H */
