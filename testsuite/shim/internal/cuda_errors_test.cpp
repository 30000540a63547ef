// The one table that maps CUDA's results to OpenCL's error codes
// (shim/cuda/errors.def), and the last failure each thread saw.
#include "cuda/errors.h"

#include <gtest/gtest.h>

#include <thread>

namespace {

TEST(CudaErrors, OneTableMapsResultsToOpenCLCodes) {
  using clcuda::cuda::losesContext;
  using clcuda::cuda::toClError;
  EXPECT_EQ(toClError(CUDA_SUCCESS), CL_SUCCESS);
  EXPECT_EQ(toClError(CUDA_ERROR_OUT_OF_MEMORY), CL_MEM_OBJECT_ALLOCATION_FAILURE);
  EXPECT_EQ(toClError(CUDA_ERROR_INVALID_VALUE), CL_INVALID_VALUE);
  EXPECT_EQ(toClError(CUDA_ERROR_ILLEGAL_ADDRESS), CL_OUT_OF_RESOURCES);
  EXPECT_EQ(toClError(CUDA_ERROR_NO_BINARY_FOR_GPU), CL_INVALID_BINARY);
  EXPECT_EQ(toClError(CUresult(987654)), CL_OUT_OF_RESOURCES) << "a result with no row";
  EXPECT_TRUE(losesContext(CUDA_ERROR_ILLEGAL_ADDRESS));
  EXPECT_TRUE(losesContext(CUDA_ERROR_LAUNCH_FAILED));
  EXPECT_FALSE(losesContext(CUDA_ERROR_OUT_OF_MEMORY));
  EXPECT_FALSE(losesContext(CUDA_SUCCESS));
  EXPECT_STREQ(clcuda::cuda::resultName(CUDA_ERROR_LAUNCH_TIMEOUT), "CUDA_ERROR_LAUNCH_TIMEOUT");
}

// The error log (CLCUDA_LOG_ERRORS) names the CUDA error behind an entry
// point's error: the last failure toClError saw on the thread.
TEST(CudaErrors, TheLastFailureIsRememberedPerThread) {
  using namespace clcuda::cuda;
  forgetLastFailure();
  EXPECT_EQ(lastFailure(), CUDA_SUCCESS);
  toClError(CUDA_ERROR_OUT_OF_MEMORY);
  toClError(CUDA_SUCCESS);
  EXPECT_EQ(lastFailure(), CUDA_ERROR_OUT_OF_MEMORY) << "a success does not hide the failure";
  CUresult seen_elsewhere = CUDA_ERROR_UNKNOWN;
  std::thread([&] { seen_elsewhere = lastFailure(); }).join();
  EXPECT_EQ(seen_elsewhere, CUDA_SUCCESS);
  forgetLastFailure();
  EXPECT_EQ(lastFailure(), CUDA_SUCCESS);
}

} // namespace
