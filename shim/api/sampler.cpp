// Sampler entry points. A sampler is its three properties; kernels get
// them as CLK_* bits (core::Sampler::bits).
#include "common.h"
#include "image_arguments.h"
#include "image_rules.h"
#include "info_tables.h"
#include "validation.h"

#include "core/sampler.h"

namespace clcuda::api {
namespace {

using SamplerProperties = std::vector<cl_sampler_properties>;

const InfoTable<core::Sampler> &samplerInfoTable() {
  static const InfoTable<core::Sampler> table = {
#define CLCUDA_INFO(param, type, expression)                                                       \
  CLCUDA_INFO_ENTRY(core::Sampler, sampler, param, type, expression)
#include "info/sampler_info.def"
#undef CLCUDA_INFO
  };
  return table;
}

cl_sampler createSampler(cl_context context, cl_bool normalized_coords,
                         cl_addressing_mode addressing, cl_filter_mode filter,
                         SamplerProperties properties, cl_int &error) {
  core::Context *object = fromHandle<core::Context>(context);
  if (!object)
    return failWith<cl_sampler>(error, CL_INVALID_CONTEXT, "context is not a valid cl_context");
  if ((error = checkSampler(normalized_coords, addressing, filter)) != CL_SUCCESS)
    return nullptr;
  error = CL_SUCCESS;
  return toHandle(new core::Sampler(*object, normalized_coords == CL_TRUE, addressing, filter,
                                    std::move(properties)));
}

} // namespace

cl_int setSamplerArgument(core::Kernel &kernel, cl_uint index, const void *value) {
  core::Sampler *sampler = fromHandle<core::Sampler>(*static_cast<const cl_sampler *>(value));
  if (!sampler)
    return refuse(CL_INVALID_SAMPLER, "arg_value does not point to a valid cl_sampler");
  if (&sampler->context() != &kernel.context())
    return refuse(CL_INVALID_SAMPLER, "the sampler belongs to another context than the kernel");
  const unsigned bits = sampler->bits();
  kernel.setValue(index, &bits);
  return CL_SUCCESS;
}

} // namespace clcuda::api

using namespace clcuda;
using namespace clcuda::api;

CLCUDA_API cl_sampler CL_API_CALL clCreateSampler(cl_context context, cl_bool normalized_coords,
                                                  cl_addressing_mode addressing_mode,
                                                  cl_filter_mode filter_mode, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) {
    return createSampler(context, normalized_coords, addressing_mode, filter_mode, {}, error);
  });
}

CLCUDA_API cl_sampler CL_API_CALL clCreateSamplerWithProperties(
    cl_context context, const cl_sampler_properties *sampler_properties, cl_int *errcode_ret) {
  return guardedCreate(__func__, errcode_ret, [&](cl_int &error) -> cl_sampler {
    if (!fromHandle<core::Context>(context))
      return failWith<cl_sampler>(error, CL_INVALID_CONTEXT, "context is not a valid cl_context");
    SamplerSettings settings;
    SamplerProperties copy;
    if ((error = parseSamplerProperties(sampler_properties, settings, copy)) != CL_SUCCESS)
      return nullptr;
    return createSampler(context, settings.normalized_coords, settings.addressing, settings.filter,
                         std::move(copy), error);
  });
}

CLCUDA_API cl_int CL_API_CALL clRetainSampler(cl_sampler sampler) {
  return guarded(__func__, [&] {
    return changeReferences<core::Sampler>(sampler, CL_INVALID_SAMPLER, "sampler",
                                           &core::Sampler::retain);
  });
}

CLCUDA_API cl_int CL_API_CALL clReleaseSampler(cl_sampler sampler) {
  return guarded(__func__, [&] {
    return changeReferences<core::Sampler>(sampler, CL_INVALID_SAMPLER, "sampler",
                                           &core::Sampler::release);
  });
}

CLCUDA_API cl_int CL_API_CALL clGetSamplerInfo(cl_sampler sampler, cl_sampler_info param_name,
                                               size_t param_value_size, void *param_value,
                                               size_t *param_value_size_ret) {
  return guarded(__func__, [&] {
    return answerInfoFor<core::Sampler>(sampler, CL_INVALID_SAMPLER, "sampler", samplerInfoTable(),
                                        param_name, param_value_size, param_value,
                                        param_value_size_ret);
  });
}
