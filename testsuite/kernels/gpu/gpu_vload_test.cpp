// vload/vstore and the half forms on the GPU (sources/gpu/half.cu): every
// rounding mode of float and double to half against an exact host
// reference, every half to float, and the offsets of the vector forms.
#include "gpu_harness.h"
#include "reference.h"

#include <cfloat>
#include <random>

namespace clcuda::test {
namespace {

CUmodule halves() { return loadTestModule("half.cu"); }

template <class T> std::vector<T> halfEdgeInputs() {
  const double edges[] = {0.0,
                          1.0,
                          1.00048828125, // 1 + 2^-11: a tie
                          1.000732421875,
                          3.14159265358979,
                          65504.0, // the largest half
                          65519.99,
                          65520.0, // halfway to the next power: rounds to infinity in rte
                          1e6,
                          6.103515625e-05, // the smallest normal half
                          6.0975551605224609e-05,
                          5.9604644775390625e-08, // the smallest subnormal half
                          8.9406967163085938e-08, // 1.5 of it: a tie
                          2.9802322387695312e-08, // half of it
                          2.98023223876953125e-08 * 1.0001,
                          1e-10,
                          HUGE_VAL,
                          std::numeric_limits<double>::quiet_NaN()};
  std::vector<T> values;
  for (double edge : edges) {
    values.push_back(T(edge));
    values.push_back(T(-edge));
  }
  std::mt19937_64 random(3);
  for (int i = 0; i < 20000; ++i) {
    // Random values across the half range and just beyond, and raw patterns.
    values.push_back(
        T(std::ldexp(double(random() % 100000) / 100000.0 + 1.0, int(random() % 44) - 28) *
          (random() & 1 ? 1 : -1)));
    if constexpr (std::is_same_v<T, float>)
      values.push_back(floatFromBits(uint32_t(random())));
    else
      values.push_back(doubleFromBits(random()));
  }
  return values;
}

template <class T> void checkStores(const char *kernelName) {
  std::vector<T> in = halfEdgeInputs<T>();
  DeviceBuffer input = deviceCopy(in), output(in.size() * 5 * sizeof(uint16_t));
  int n = int(in.size());
  launch(kernel(halves(), kernelName), {unsigned(n + 255) / 256}, {256}, 0,
         {input.parameter(), output.parameter(), &n});
  std::vector<uint16_t> out = hostCopy<uint16_t>(output, in.size() * 5);
  const Rounding modes[] = {Rounding::rte, Rounding::rte, Rounding::rtz, Rounding::rtp,
                            Rounding::rtn};
  const char *suffixes[] = {"", "_rte", "_rtz", "_rtp", "_rtn"};
  int failures = 0;
  for (size_t i = 0; i < in.size(); ++i)
    for (int m = 0; m < 5; ++m) {
      uint16_t want = halfBits(roundToFormat(in[i], halfFormat, modes[m]));
      uint16_t got = out[i * 5 + m];
      bool bothNaN = std::isnan(halfValue(got)) && std::isnan(halfValue(want));
      if (got != want && !bothNaN && ++failures <= 25)
        ADD_FAILURE() << "vstore_half" << suffixes[m] << "("
                      << (sizeof(T) == 4 ? "float " : "double ") << std::hexfloat << in[i]
                      << ") stored 0x" << std::hex << got << ", expected 0x" << want;
    }
  EXPECT_EQ(failures, 0) << "of " << in.size() * 5;
}

class Halves : public GpuTest {};

TEST_F(Halves, FloatToHalfInEveryRoundingMode) { checkStores<float>("store_float"); }

TEST_F(Halves, DoubleToHalfInEveryRoundingMode) { checkStores<double>("store_double"); }

TEST_F(Halves, EveryHalfToFloat) {
  std::vector<uint16_t> all(65536);
  for (int i = 0; i < 65536; ++i)
    all[i] = uint16_t(i);
  DeviceBuffer input = deviceCopy(all), output(65536 * sizeof(float));
  launch(kernel(halves(), "load_every_half"), {256}, {256}, 0,
         {input.parameter(), output.parameter()});
  std::vector<float> out = hostCopy<float>(output, 65536);
  for (int i = 0; i < 65536; ++i) {
    long double want = halfValue(uint16_t(i));
    if (std::isnan(want))
      ASSERT_TRUE(std::isnan(out[i])) << "half 0x" << std::hex << i;
    else
      ASSERT_EQ(bitsOf(out[i]), bitsOf(float(want))) << "half 0x" << std::hex << i;
  }
}

TEST_F(Halves, VectorFormsUseTheirOffsets) {
  const float v[4] = {1.00048828125f, 3.14159265f, -65520.0f, 8.9406967e-08f};
  DeviceBuffer input(16), out4(64), outa3(64), out3(64), loaded(64);
  input.upload(v, 16);
  for (DeviceBuffer *b : {&out4, &outa3, &out3})
    b->fill(0x3c); // halves 0x3c3c
  launch(kernel(halves(), "vector_forms"), {1}, {1}, 0,
         {input.parameter(), out4.parameter(), outa3.parameter(), out3.parameter(),
          loaded.parameter()});
  std::vector<uint16_t> h4 = hostCopy<uint16_t>(out4, 32), ha3 = hostCopy<uint16_t>(outa3, 32),
                        h3 = hostCopy<uint16_t>(out3, 32);
  auto half = [](long double x, Rounding r) { return halfBits(roundToFormat(x, halfFormat, r)); };
  for (int i = 0; i < 32; ++i) {
    uint16_t want4 = i >= 4 && i < 8 ? half(v[i - 4], Rounding::rtz) : 0x3c3c;
    uint16_t wanta3 = i >= 8 && i < 11 ? half(v[i - 8], Rounding::rte) : 0x3c3c;
    uint16_t want3 = i >= 9 && i < 12 ? half(v[3 - (i - 9)], Rounding::rtp) : 0x3c3c;
    EXPECT_EQ(h4[i], want4) << "vstore_half4_rtz(v, 1, p): half " << i;
    EXPECT_EQ(ha3[i], wanta3) << "vstorea_half3(v.xyz, 2, p): half " << i;
    EXPECT_EQ(h3[i], want3) << "vstore_half3_rtp((double3)v.wzy, 3, p): half " << i;
  }
  std::vector<float> l = hostCopy<float>(loaded, 16);
  const uint16_t expected[16] = {h4[4], h4[5],  h4[6],  h4[7], ha3[8], ha3[9], ha3[10], 0,
                                 h3[9], h3[10], h3[11], 0,     h4[8],  h4[9],  ha3[10], ha3[11]};
  for (int i = 0; i < 16; ++i) {
    float want = (i == 7 || i == 11) ? 0.0f : float(halfValue(expected[i]));
    EXPECT_EQ(bitsOf(l[i]), bitsOf(want)) << "loaded component " << i << " (see vector_forms)";
  }
}

TEST_F(Halves, VloadAndVstoreUseElementOffsets) {
  std::vector<int> in(64);
  for (int i = 0; i < 64; ++i)
    in[i] = i;
  DeviceBuffer input = deviceCopy(in), output(64 * sizeof(int));
  output.fill(0xff);
  launch(kernel(halves(), "vector_loads"), {1}, {1}, 0, {input.parameter(), output.parameter()});
  std::vector<int> out = hostCopy<int>(output, 64);
  std::vector<int> expected(64, -1);
  expected[1] = 6;
  expected[2] = 7;
  for (int i = 0; i < 3; ++i)
    expected[7 + i] = 4 + i;
  for (int i = 0; i < 16; ++i)
    expected[20 + i] = 3 + i;
  EXPECT_EQ(out, expected);
}

} // namespace
} // namespace clcuda::test
