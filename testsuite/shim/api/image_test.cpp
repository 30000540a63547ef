// Images through the OpenCL API: creation and queries of every image type,
// and every image command (read, write, copy, copy to and from buffers,
// fill, map) with origins, host pitches and each type's coordinates,
// checked byte for byte against a host model of the image's memory.
#include "gpu_fixture.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <sstream>

namespace {

using namespace clcuda::test;
using Triple = std::array<size_t, 3>;

// Where pixel (x, y, z) of a rectangle's memory is: OpenCL's coordinates
// (a 1D array's layer is y, a 2D array's z), `y_step` and `z_step` bytes.
struct PixelSpace {
  size_t element_size, y_step, z_step;
  size_t at(const Triple &origin, size_t x, size_t y, size_t z) const {
    return (origin[0] + x) * element_size + (origin[1] + y) * y_step + (origin[2] + z) * z_step;
  }
};

void copyPixels(const std::vector<unsigned char> &from, const PixelSpace &source,
                const Triple &source_origin, std::vector<unsigned char> &to,
                const PixelSpace &target, const Triple &target_origin, const Triple &region) {
  for (size_t z = 0; z < region[2]; ++z)
    for (size_t y = 0; y < region[1]; ++y)
      for (size_t x = 0; x < region[0]; ++x)
        std::memcpy(&to[target.at(target_origin, x, y, z)],
                    &from[source.at(source_origin, x, y, z)], source.element_size);
}

std::string describe(const Triple &value) {
  std::ostringstream text;
  text << "(" << value[0] << ", " << value[1] << ", " << value[2] << ")";
  return text.str();
}

// One image of each type, in OpenCL's terms.
struct Shape {
  const char *name;
  cl_mem_object_type type;
  Triple extent; // width, then height or layers, then depth or layers
};

const Shape kShapes[] = {
    {"1D", CL_MEM_OBJECT_IMAGE1D, {37, 1, 1}},
    {"1D buffer", CL_MEM_OBJECT_IMAGE1D_BUFFER, {41, 1, 1}},
    {"1D array", CL_MEM_OBJECT_IMAGE1D_ARRAY, {19, 5, 1}},
    {"2D", CL_MEM_OBJECT_IMAGE2D, {23, 11, 1}},
    {"2D array", CL_MEM_OBJECT_IMAGE2D_ARRAY, {13, 7, 4}},
    {"3D", CL_MEM_OBJECT_IMAGE3D, {9, 6, 5}},
};

cl_image_desc descriptorOf(const Shape &shape, cl_mem buffer = nullptr) {
  cl_image_desc desc{};
  desc.image_type = shape.type;
  desc.image_width = shape.extent[0];
  switch (shape.type) {
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    desc.image_array_size = shape.extent[1];
    break;
  case CL_MEM_OBJECT_IMAGE2D:
    desc.image_height = shape.extent[1];
    break;
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    desc.image_height = shape.extent[1];
    desc.image_array_size = shape.extent[2];
    break;
  case CL_MEM_OBJECT_IMAGE3D:
    desc.image_height = shape.extent[1];
    desc.image_depth = shape.extent[2];
    break;
  default:
    break;
  }
  desc.buffer = buffer;
  return desc;
}

size_t pixelsOf(const Triple &extent) { return extent[0] * extent[1] * extent[2]; }

// An origin one pixel in where the type has the dimension, and a region
// that stops one pixel short of the far edge (at least one pixel).
Triple innerOrigin(const Triple &extent) {
  return {extent[0] > 2 ? 1u : 0u, extent[1] > 2 ? 1u : 0u, extent[2] > 2 ? 1u : 0u};
}
Triple innerRegion(const Triple &extent) {
  const Triple origin = innerOrigin(extent);
  Triple region;
  for (int d = 0; d < 3; ++d)
    region[d] = std::max<size_t>(1, extent[d] - origin[d] - (extent[d] > 2 ? 1 : 0));
  return region;
}

class ImageTest : public GpuTest {
protected:
  void TearDown() override {
    for (cl_mem image : images_)
      clReleaseMemObject(image);
    for (cl_sampler sampler : samplers_)
      clReleaseSampler(sampler);
    GpuTest::TearDown();
  }

  cl_mem makeImage(cl_mem_flags flags, const cl_image_format &format, const cl_image_desc &desc,
                   void *host = nullptr) {
    cl_int error = CL_SUCCESS;
    cl_mem image = clCreateImage(context, flags, &format, &desc, host, &error);
    EXPECT_CL(CL_SUCCESS, error) << "image type 0x" << std::hex << desc.image_type;
    if (image)
      images_.push_back(image);
    return image;
  }

  // An image of `shape` holding `contents` (tight), on a buffer for the 1D
  // buffer type.
  cl_mem makeFilledImage(const Shape &shape, const cl_image_format &format,
                         std::vector<unsigned char> &contents) {
    if (shape.type == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
      cl_mem buffer = makeBuffer(CL_MEM_COPY_HOST_PTR, contents.size(), contents.data());
      return makeImage(0, format, descriptorOf(shape, buffer));
    }
    return makeImage(CL_MEM_COPY_HOST_PTR, format, descriptorOf(shape), contents.data());
  }

  size_t imageInfo(cl_mem image, cl_image_info param) {
    size_t value = 0;
    EXPECT_CL(CL_SUCCESS, clGetImageInfo(image, param, sizeof value, &value, nullptr));
    return value;
  }

  // The whole image, read with tight pitches.
  std::vector<unsigned char> readImage(cl_mem image, const Triple &extent, size_t element_size) {
    std::vector<unsigned char> bytes(pixelsOf(extent) * element_size);
    const Triple origin = {0, 0, 0};
    EXPECT_CL(CL_SUCCESS, clEnqueueReadImage(queue, image, CL_TRUE, origin.data(), extent.data(), 0,
                                             0, bytes.data(), 0, nullptr, nullptr));
    return bytes;
  }

  cl_sampler makeSampler(const cl_sampler_properties *properties) {
    cl_int error = CL_SUCCESS;
    cl_sampler sampler = clCreateSamplerWithProperties(context, properties, &error);
    EXPECT_CL(CL_SUCCESS, error);
    if (sampler)
      samplers_.push_back(sampler);
    return sampler;
  }

private:
  std::vector<cl_mem> images_;
  std::vector<cl_sampler> samplers_;
};

// A tight image of `extent` with `element_size`: its pixel space.
PixelSpace tight(const Triple &extent, size_t element_size) {
  return {element_size, extent[0] * element_size, extent[0] * element_size * extent[1]};
}

const cl_image_format kRgba8 = {CL_RGBA, CL_UNORM_INT8};
const cl_image_format kRgba16 = {CL_RGBA, CL_UNSIGNED_INT16};

TEST_F(ImageTest, EveryTypeAnswersItsQueries) {
  for (const Shape &shape : kShapes) {
    SCOPED_TRACE(shape.name);
    std::vector<unsigned char> contents = patternBytes(pixelsOf(shape.extent) * 8, 1);
    cl_mem image = makeFilledImage(shape, kRgba16, contents);
    ASSERT_NE(image, nullptr);
    cl_image_format format{};
    ASSERT_CL(CL_SUCCESS, clGetImageInfo(image, CL_IMAGE_FORMAT, sizeof format, &format, nullptr));
    EXPECT_EQ(format.image_channel_order, cl_channel_order(CL_RGBA));
    EXPECT_EQ(format.image_channel_data_type, cl_channel_type(CL_UNSIGNED_INT16));
    const cl_image_desc desc = descriptorOf(shape);
    EXPECT_EQ(imageInfo(image, CL_IMAGE_ELEMENT_SIZE), 8u);
    EXPECT_EQ(imageInfo(image, CL_IMAGE_WIDTH), desc.image_width);
    EXPECT_EQ(imageInfo(image, CL_IMAGE_HEIGHT), desc.image_height);
    EXPECT_EQ(imageInfo(image, CL_IMAGE_DEPTH), desc.image_depth);
    EXPECT_EQ(imageInfo(image, CL_IMAGE_ARRAY_SIZE), desc.image_array_size);
    EXPECT_EQ(imageInfo(image, CL_IMAGE_ROW_PITCH), shape.extent[0] * 8);
    const bool sliced = shape.type == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
                        shape.type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
                        shape.type == CL_MEM_OBJECT_IMAGE3D;
    const size_t slice = shape.type == CL_MEM_OBJECT_IMAGE1D_ARRAY
                             ? shape.extent[0] * 8
                             : shape.extent[0] * shape.extent[1] * 8;
    EXPECT_EQ(imageInfo(image, CL_IMAGE_SLICE_PITCH), sliced ? slice : 0u);
    cl_uint levels = 7, samples = 7;
    EXPECT_CL(CL_SUCCESS,
              clGetImageInfo(image, CL_IMAGE_NUM_MIP_LEVELS, sizeof levels, &levels, nullptr));
    EXPECT_CL(CL_SUCCESS,
              clGetImageInfo(image, CL_IMAGE_NUM_SAMPLES, sizeof samples, &samples, nullptr));
    EXPECT_EQ(levels, 0u);
    EXPECT_EQ(samples, 0u);
    cl_mem_object_type type = 0;
    ASSERT_CL(CL_SUCCESS, clGetMemObjectInfo(image, CL_MEM_TYPE, sizeof type, &type, nullptr));
    EXPECT_EQ(type, shape.type);
    size_t size = 0;
    ASSERT_CL(CL_SUCCESS, clGetMemObjectInfo(image, CL_MEM_SIZE, sizeof size, &size, nullptr));
    EXPECT_EQ(size, contents.size());
    cl_mem buffer = nullptr, associated = nullptr;
    ASSERT_CL(CL_SUCCESS, clGetImageInfo(image, CL_IMAGE_BUFFER, sizeof buffer, &buffer, nullptr));
    ASSERT_CL(CL_SUCCESS, clGetMemObjectInfo(image, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof associated,
                                             &associated, nullptr));
    EXPECT_EQ(buffer, associated);
    EXPECT_EQ(buffer != nullptr, shape.type == CL_MEM_OBJECT_IMAGE1D_BUFFER);
    EXPECT_EQ(readImage(image, shape.extent, 8), contents);
  }
}

TEST_F(ImageTest, WritesAndReadsRegionsWithHostPitches) {
  for (const Shape &shape : kShapes) {
    SCOPED_TRACE(shape.name);
    const size_t element_size = 4;
    std::vector<unsigned char> contents = patternBytes(pixelsOf(shape.extent) * element_size, 2);
    cl_mem image = makeFilledImage(shape, kRgba8, contents);
    ASSERT_NE(image, nullptr);
    const Triple origin = innerOrigin(shape.extent), region = innerRegion(shape.extent);
    SCOPED_TRACE("origin " + describe(origin) + ", region " + describe(region));
    // Host pitches with slack: y steps rows (a 1D array's layers, given
    // as the slice pitch), z steps slices or layers.
    const bool layers_in_y = shape.type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
    const bool has_z =
        shape.type == CL_MEM_OBJECT_IMAGE2D_ARRAY || shape.type == CL_MEM_OBJECT_IMAGE3D;
    const bool has_rows = shape.type == CL_MEM_OBJECT_IMAGE2D || has_z;
    const size_t row_pitch = region[0] * element_size + 12;
    const size_t y_step = layers_in_y ? row_pitch + 20 : row_pitch;
    const size_t z_step = y_step * region[1] + 28;
    const size_t given_row = has_rows || layers_in_y || region[1] == 1 ? row_pitch : 0;
    const size_t given_slice = layers_in_y ? y_step : has_z ? z_step : 0;
    const PixelSpace host_space = {element_size, y_step, z_step};
    std::vector<unsigned char> host = patternBytes(z_step * region[2] + y_step * region[1], 3);

    ASSERT_CL(CL_SUCCESS,
              clEnqueueWriteImage(queue, image, CL_TRUE, origin.data(), region.data(), given_row,
                                  given_slice, host.data(), 0, nullptr, nullptr));
    std::vector<unsigned char> expected = contents;
    copyPixels(host, host_space, {0, 0, 0}, expected, tight(shape.extent, element_size), origin,
               region);
    EXPECT_EQ(readImage(image, shape.extent, element_size), expected);

    // Read the region back into host memory whose other bytes stay.
    std::vector<unsigned char> target(host.size(), 0xee), reference(host.size(), 0xee);
    ASSERT_CL(CL_SUCCESS,
              clEnqueueReadImage(queue, image, CL_TRUE, origin.data(), region.data(), given_row,
                                 given_slice, target.data(), 0, nullptr, nullptr));
    copyPixels(expected, tight(shape.extent, element_size), origin, reference, host_space,
               {0, 0, 0}, region);
    EXPECT_EQ(target, reference);
  }
}

TEST_F(ImageTest, CopiesBetweenImagesAndBuffers) {
  for (const Shape &shape : kShapes) {
    SCOPED_TRACE(shape.name);
    const size_t element_size = 8;
    std::vector<unsigned char> first = patternBytes(pixelsOf(shape.extent) * element_size, 4);
    std::vector<unsigned char> second = patternBytes(first.size(), 5);
    cl_mem source = makeFilledImage(shape, kRgba16, first);
    cl_mem target = makeFilledImage(shape, kRgba16, second);
    ASSERT_NE(source, nullptr);
    ASSERT_NE(target, nullptr);
    const PixelSpace space = tight(shape.extent, element_size);
    const Triple region = innerRegion(shape.extent), from = {0, 0, 0},
                 to = innerOrigin(shape.extent);
    SCOPED_TRACE("to " + describe(to) + ", region " + describe(region));

    // Image to image.
    ASSERT_CL(CL_SUCCESS, clEnqueueCopyImage(queue, source, target, from.data(), to.data(),
                                             region.data(), 0, nullptr, nullptr));
    std::vector<unsigned char> expected = second;
    copyPixels(first, space, from, expected, space, to, region);
    EXPECT_EQ(readImage(target, shape.extent, element_size), expected);

    // Image to buffer: the region's pixels, tight, from an offset.
    const size_t offset = 24, bytes = pixelsOf(region) * element_size;
    std::vector<unsigned char> zeros(offset + bytes + 16, 0);
    cl_mem buffer = makeBuffer(CL_MEM_COPY_HOST_PTR, zeros.size(), zeros.data());
    ASSERT_CL(CL_SUCCESS, clEnqueueCopyImageToBuffer(queue, target, buffer, to.data(),
                                                     region.data(), offset, 0, nullptr, nullptr));
    std::vector<unsigned char> packed = zeros;
    copyPixels(expected, space, to, packed, tight(region, element_size), {0, 0, 0}, region);
    // copyPixels wrote at the buffer's start; move it to the offset.
    std::vector<unsigned char> buffer_expected = zeros;
    std::copy(packed.begin(), packed.begin() + bytes, buffer_expected.begin() + offset);
    EXPECT_EQ(readAll(buffer, zeros.size()), buffer_expected);

    // Buffer to image: those bytes back into the source at `to`.
    ASSERT_CL(CL_SUCCESS, clEnqueueCopyBufferToImage(queue, buffer, source, offset, to.data(),
                                                     region.data(), 0, nullptr, nullptr));
    std::vector<unsigned char> source_expected = first;
    copyPixels(packed, tight(region, element_size), {0, 0, 0}, source_expected, space, to, region);
    EXPECT_EQ(readImage(source, shape.extent, element_size), source_expected);
  }
}

TEST_F(ImageTest, CopiesBetweenTypesUseOneRegion) {
  // A 2D array's layer range to a 3D image's slices, and a 1D array's
  // layers to a 2D image's rows: the region means the same on both sides.
  const Shape array2d = {"2D array", CL_MEM_OBJECT_IMAGE2D_ARRAY, {6, 5, 4}};
  const Shape volume = {"3D", CL_MEM_OBJECT_IMAGE3D, {6, 5, 4}};
  const Shape array1d = {"1D array", CL_MEM_OBJECT_IMAGE1D_ARRAY, {7, 3, 1}};
  const Shape flat = {"2D", CL_MEM_OBJECT_IMAGE2D, {7, 3, 1}};
  const std::pair<Shape, Shape> pairs[] = {{array2d, volume}, {array1d, flat}, {flat, array1d}};
  for (const auto &[from_shape, to_shape] : pairs) {
    SCOPED_TRACE(std::string(from_shape.name) + " to " + to_shape.name);
    std::vector<unsigned char> first = patternBytes(pixelsOf(from_shape.extent) * 4, 6);
    std::vector<unsigned char> second = patternBytes(pixelsOf(to_shape.extent) * 4, 7);
    cl_mem source = makeFilledImage(from_shape, kRgba8, first);
    cl_mem target = makeFilledImage(to_shape, kRgba8, second);
    const Triple origin = {1, 1, 0};
    const Triple region = {from_shape.extent[0] - 1, from_shape.extent[1] - 1,
                           from_shape.extent[2]};
    ASSERT_CL(CL_SUCCESS, clEnqueueCopyImage(queue, source, target, origin.data(), origin.data(),
                                             region.data(), 0, nullptr, nullptr));
    std::vector<unsigned char> expected = second;
    copyPixels(first, tight(from_shape.extent, 4), origin, expected, tight(to_shape.extent, 4),
               origin, region);
    EXPECT_EQ(readImage(target, to_shape.extent, 4), expected);
  }
}

TEST_F(ImageTest, FillsConvertTheColour) {
  struct Case {
    cl_image_format format;
    std::array<unsigned char, 16> colour; // as float4, int4 or uint4
    std::vector<unsigned char> pixel;
  };
  auto floats = [](float r, float g, float b, float a) {
    std::array<unsigned char, 16> bytes{};
    const float values[4] = {r, g, b, a};
    std::memcpy(bytes.data(), values, sizeof values);
    return bytes;
  };
  auto ints = [](int r, int g, int b, int a) {
    std::array<unsigned char, 16> bytes{};
    const int values[4] = {r, g, b, a};
    std::memcpy(bytes.data(), values, sizeof values);
    return bytes;
  };
  const Case cases[] = {
      // 0.5 * 255 = 127.5 rounds to even (128); saturation at both ends.
      {{CL_RGBA, CL_UNORM_INT8}, floats(0.5f, 2.0f, -1.0f, 1.0f), {128, 255, 0, 255}},
      {{CL_BGRA, CL_UNORM_INT8}, floats(1.0f, 0.0f, 0.2f, 0.6f), {51, 0, 255, 153}},
      {{CL_R, CL_HALF_FLOAT}, floats(1.0f, 0, 0, 0), {0x00, 0x3c}},
      {{CL_RG, CL_SIGNED_INT8}, ints(-300, 100, 0, 0), {0x80, 100}},
      {{CL_RGB, CL_UNORM_SHORT_565}, floats(1.0f, 0.0f, 1.0f, 0), {0x1f, 0xf8}},
      {{CL_A, CL_SNORM_INT16}, floats(0, 0, 0, -1.0f), {0x01, 0x80}},
  };
  const Shape shape = {"2D", CL_MEM_OBJECT_IMAGE2D, {9, 4, 1}};
  for (const Case &test : cases) {
    SCOPED_TRACE("format 0x" + std::to_string(test.format.image_channel_order) + "/0x" +
                 std::to_string(test.format.image_channel_data_type));
    const size_t element_size = test.pixel.size();
    std::vector<unsigned char> contents = patternBytes(pixelsOf(shape.extent) * element_size, 8);
    cl_mem image = makeFilledImage(shape, test.format, contents);
    ASSERT_NE(image, nullptr);
    // A region inside the rows (one copy from the host), then whole rows
    // (a fill on the device).
    const Triple regions[][2] = {{{2, 1, 0}, {5, 2, 1}}, {{0, 2, 0}, {9, 2, 1}}};
    std::vector<unsigned char> expected = contents;
    for (const auto &box : regions) {
      ASSERT_CL(CL_SUCCESS, clEnqueueFillImage(queue, image, test.colour.data(), box[0].data(),
                                               box[1].data(), 0, nullptr, nullptr));
      for (size_t y = 0; y < box[1][1]; ++y)
        for (size_t x = 0; x < box[1][0]; ++x)
          std::copy(test.pixel.begin(), test.pixel.end(),
                    expected.begin() +
                        ((box[0][1] + y) * shape.extent[0] + box[0][0] + x) * element_size);
    }
    EXPECT_EQ(readImage(image, shape.extent, element_size), expected);
  }
}

TEST_F(ImageTest, MapsRegionsWithTheImagePitches) {
  const Shape shapes[] = {kShapes[2], kShapes[3], kShapes[5]}; // 1D array, 2D, 3D
  const cl_mem_flags storages[] = {0, CL_MEM_ALLOC_HOST_PTR, CL_MEM_USE_HOST_PTR};
  for (const Shape &shape : shapes)
    for (cl_mem_flags storage : storages) {
      SCOPED_TRACE(std::string(shape.name) + ", flags 0x" + std::to_string(storage));
      const size_t element_size = 4;
      std::vector<unsigned char> contents = patternBytes(pixelsOf(shape.extent) * element_size, 9);
      std::vector<unsigned char> host_memory = contents; // USE_HOST_PTR's
      cl_mem image =
          makeImage(storage | (storage == CL_MEM_USE_HOST_PTR ? 0 : CL_MEM_COPY_HOST_PTR), kRgba8,
                    descriptorOf(shape),
                    storage == CL_MEM_USE_HOST_PTR ? host_memory.data() : contents.data());
      ASSERT_NE(image, nullptr);
      const Triple origin = innerOrigin(shape.extent), region = innerRegion(shape.extent);
      size_t row_pitch = 0, slice_pitch = 0;
      cl_int error = CL_SUCCESS;
      auto *mapped = static_cast<unsigned char *>(
          clEnqueueMapImage(queue, image, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, origin.data(),
                            region.data(), &row_pitch, &slice_pitch, 0, nullptr, nullptr, &error));
      ASSERT_CL(CL_SUCCESS, error);
      ASSERT_NE(mapped, nullptr);
      EXPECT_EQ(row_pitch, imageInfo(image, CL_IMAGE_ROW_PITCH));
      EXPECT_EQ(slice_pitch, imageInfo(image, CL_IMAGE_SLICE_PITCH));
      if (storage == CL_MEM_USE_HOST_PTR) { // the map lands in host_ptr
        EXPECT_EQ(mapped,
                  host_memory.data() + tight(shape.extent, element_size).at(origin, 0, 0, 0));
      }
      // The map shows the image; writes through it land at unmap.
      const bool layers_in_y = shape.type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
      const PixelSpace map_space = {element_size, layers_in_y ? slice_pitch : row_pitch,
                                    slice_pitch};
      std::vector<unsigned char> expected = contents;
      for (size_t z = 0; z < region[2]; ++z)
        for (size_t y = 0; y < region[1]; ++y)
          for (size_t x = 0; x < region[0]; ++x) {
            unsigned char *pixel = mapped + map_space.at({0, 0, 0}, x, y, z);
            const size_t at = tight(shape.extent, element_size).at(origin, x, y, z);
            ASSERT_EQ(0, std::memcmp(pixel, &contents[at], element_size))
                << "pixel " << describe({x, y, z}) << " of the map";
            for (size_t c = 0; c < element_size; ++c)
              expected[at + c] = pixel[c] = static_cast<unsigned char>(pixel[c] ^ 0x5a);
          }
      ASSERT_CL(CL_SUCCESS, clEnqueueUnmapMemObject(queue, image, mapped, 0, nullptr, nullptr));
      EXPECT_EQ(readImage(image, shape.extent, element_size), expected);
    }
}

TEST_F(ImageTest, CommandsChainByEventsOnOutOfOrderQueues) {
  // Write, copy, fill, map and read held behind a user event on an
  // out-of-order, profiling queue: each waits for the one before through
  // its event, and each event has its command type and a profile.
  cl_command_queue ooo =
      makeQueue(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE);
  const Shape &shape = kShapes[4]; // 2D array
  const size_t element_size = 4, bytes = pixelsOf(shape.extent) * element_size;
  cl_mem first = makeImage(CL_MEM_READ_WRITE, kRgba8, descriptorOf(shape));
  cl_mem second = makeImage(CL_MEM_READ_WRITE, kRgba8, descriptorOf(shape));
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  const std::vector<unsigned char> contents = patternBytes(bytes, 15);
  const Triple origin = {0, 0, 0}, fill_origin = {1, 2, 1}, fill_region = {3, 2, 2};
  cl_event gate = makeUserEvent();
  cl_event written = nullptr, copied = nullptr, filled = nullptr, mapped_event = nullptr,
           unmapped = nullptr, read = nullptr;
  ASSERT_CL(CL_SUCCESS,
            clEnqueueWriteImage(ooo, first, CL_FALSE, origin.data(), shape.extent.data(), 0, 0,
                                contents.data(), 1, &gate, &written));
  ASSERT_CL(CL_SUCCESS, clEnqueueCopyImage(ooo, first, second, origin.data(), origin.data(),
                                           shape.extent.data(), 1, &written, &copied));
  const float colour[4] = {1.0f, 0.0f, 0.5f, 0.0f};
  ASSERT_CL(CL_SUCCESS, clEnqueueFillImage(ooo, second, colour, fill_origin.data(),
                                           fill_region.data(), 1, &copied, &filled));
  size_t row_pitch = 0, slice_pitch = 0;
  cl_int error = CL_SUCCESS;
  auto *view = static_cast<unsigned char *>(
      clEnqueueMapImage(ooo, second, CL_FALSE, CL_MAP_WRITE, origin.data(), shape.extent.data(),
                        &row_pitch, &slice_pitch, 1, &filled, &mapped_event, &error));
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_EQ(status(written), CL_QUEUED) << "ran before its user event";
  ASSERT_CL(CL_SUCCESS, clSetUserEventStatus(gate, CL_COMPLETE));
  ASSERT_CL(CL_SUCCESS, clWaitForEvents(1, &mapped_event));
  view[0] = 0x42; // the first pixel's red, written through the map
  ASSERT_CL(CL_SUCCESS, clEnqueueUnmapMemObject(ooo, second, view, 1, &mapped_event, &unmapped));
  std::vector<unsigned char> result(bytes);
  ASSERT_CL(CL_SUCCESS, clEnqueueReadImage(ooo, second, CL_TRUE, origin.data(), shape.extent.data(),
                                           0, 0, result.data(), 1, &unmapped, &read));
  std::vector<unsigned char> expected = contents;
  const unsigned char pixel[4] = {255, 0, 128, 0};
  for (size_t z = 0; z < fill_region[2]; ++z)
    for (size_t y = 0; y < fill_region[1]; ++y)
      for (size_t x = 0; x < fill_region[0]; ++x)
        std::memcpy(&expected[tight(shape.extent, element_size).at(fill_origin, x, y, z)], pixel,
                    4);
  expected[0] = 0x42;
  EXPECT_EQ(result, expected);
  const std::pair<cl_event, cl_command_type> events[] = {
      {written, CL_COMMAND_WRITE_IMAGE},       {copied, CL_COMMAND_COPY_IMAGE},
      {filled, CL_COMMAND_FILL_IMAGE},         {mapped_event, CL_COMMAND_MAP_IMAGE},
      {unmapped, CL_COMMAND_UNMAP_MEM_OBJECT}, {read, CL_COMMAND_READ_IMAGE}};
  cl_ulong previous_end = 0;
  for (const auto &[event, type] : events) {
    cl_command_type actual = 0;
    EXPECT_CL(CL_SUCCESS,
              clGetEventInfo(event, CL_EVENT_COMMAND_TYPE, sizeof actual, &actual, nullptr));
    EXPECT_EQ(actual, type);
    EXPECT_EQ(status(event), CL_COMPLETE);
    cl_ulong start = 0, end = 0;
    EXPECT_CL(CL_SUCCESS, clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START, sizeof start,
                                                  &start, nullptr));
    EXPECT_CL(CL_SUCCESS,
              clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr));
    EXPECT_LE(start, end) << "command 0x" << std::hex << type;
    EXPECT_LE(previous_end, start) << "command 0x" << std::hex << type << " began early";
    previous_end = end;
    clReleaseEvent(event);
  }
}

TEST_F(ImageTest, BlockingReadsRefreshHostPtr) {
  // As for buffers: a blocking read of a USE_HOST_PTR image also brings the
  // region up to date in host_ptr (whose pitches are the image's).
  const Shape &shape = kShapes[3]; // 2D, 23 x 11
  const size_t row_pitch = shape.extent[0] * 4 + 20;
  std::vector<unsigned char> host_memory(row_pitch * shape.extent[1], 0);
  cl_image_desc desc = descriptorOf(shape);
  desc.image_row_pitch = row_pitch;
  cl_mem image = makeImage(CL_MEM_USE_HOST_PTR, kRgba8, desc, host_memory.data());
  ASSERT_NE(image, nullptr);
  EXPECT_EQ(imageInfo(image, CL_IMAGE_ROW_PITCH), row_pitch);
  const Triple origin = {2, 3, 0}, region = {5, 4, 1};
  const std::vector<unsigned char> pixels = patternBytes(region[0] * region[1] * 4, 16);
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteImage(queue, image, CL_TRUE, origin.data(), region.data(), 0,
                                            0, pixels.data(), 0, nullptr, nullptr));
  std::vector<unsigned char> expected(host_memory.size(), 0);
  const PixelSpace host_space = {4, row_pitch, row_pitch * shape.extent[1]};
  copyPixels(pixels, tight(region, 4), {0, 0, 0}, expected, host_space, origin, region);
  std::vector<unsigned char> target(pixels.size());
  ASSERT_CL(CL_SUCCESS, clEnqueueReadImage(queue, image, CL_TRUE, origin.data(), region.data(), 0,
                                           0, target.data(), 0, nullptr, nullptr));
  EXPECT_EQ(target, pixels);
  EXPECT_EQ(host_memory, expected);
  // Read into host_ptr itself, tight: only those bytes change.
  ASSERT_CL(CL_SUCCESS, clEnqueueReadImage(queue, image, CL_TRUE, origin.data(), region.data(), 0,
                                           0, host_memory.data(), 0, nullptr, nullptr));
  std::copy(pixels.begin(), pixels.end(), expected.begin());
  EXPECT_EQ(host_memory, expected);
}

TEST_F(ImageTest, ImageFromBufferSharesItsMemory) {
  // cl_khr_image2d_from_buffer: a 2D image with a padded row pitch on a
  // buffer; writes through either show in the other.
  const size_t width = 10, height = 6, row_pitch = 48;
  std::vector<unsigned char> bytes = patternBytes(row_pitch * height, 10);
  cl_mem buffer = makeBuffer(CL_MEM_COPY_HOST_PTR, bytes.size(), bytes.data());
  cl_image_desc desc{};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = width;
  desc.image_height = height;
  desc.image_row_pitch = row_pitch;
  desc.buffer = buffer;
  cl_mem image = makeImage(0, kRgba8, desc);
  ASSERT_NE(image, nullptr);
  EXPECT_EQ(imageInfo(image, CL_IMAGE_ROW_PITCH), row_pitch);
  const Triple origin = {2, 1, 0}, region = {3, 4, 1};
  const std::vector<unsigned char> pixels = patternBytes(region[0] * region[1] * 4, 11);
  ASSERT_CL(CL_SUCCESS, clEnqueueWriteImage(queue, image, CL_TRUE, origin.data(), region.data(), 0,
                                            0, pixels.data(), 0, nullptr, nullptr));
  copyPixels(pixels, tight(region, 4), {0, 0, 0}, bytes, {4, row_pitch, row_pitch * height}, origin,
             region);
  EXPECT_EQ(readAll(buffer, bytes.size()), bytes);
  // A buffer too small for the rows is refused.
  desc.image_height = height + 1;
  cl_int error = CL_SUCCESS;
  EXPECT_EQ(clCreateImage(context, 0, &kRgba8, &desc, nullptr, &error), nullptr);
  EXPECT_CL(CL_INVALID_IMAGE_SIZE, error);
}

TEST_F(ImageTest, CommandsCheckTheirArguments) {
  const Shape &shape = kShapes[3]; // 2D
  std::vector<unsigned char> contents = patternBytes(pixelsOf(shape.extent) * 4, 12);
  cl_mem image = makeFilledImage(shape, kRgba8, contents);
  cl_mem other = makeImage(CL_MEM_READ_WRITE, kRgba16, descriptorOf(shape));
  cl_mem buffer = makeBuffer(CL_MEM_READ_WRITE, 4096);
  ASSERT_NE(image, nullptr);
  ASSERT_NE(other, nullptr);
  std::vector<unsigned char> host(4096);
  const Triple zero = {0, 0, 0}, one = {1, 1, 1};
  const Triple too_wide = {shape.extent[0] + 1, 1, 1}, deep = {1, 1, 2}, empty = {0, 1, 1};
  EXPECT_CL(CL_IMAGE_FORMAT_MISMATCH,
            clEnqueueCopyImage(queue, image, other, zero.data(), zero.data(), one.data(), 0,
                               nullptr, nullptr));
  EXPECT_CL(CL_MEM_COPY_OVERLAP, clEnqueueCopyImage(queue, image, image, zero.data(), zero.data(),
                                                    one.data(), 0, nullptr, nullptr));
  for (const Triple *region : {&too_wide, &deep, &empty})
    EXPECT_CL(CL_INVALID_VALUE,
              clEnqueueReadImage(queue, image, CL_TRUE, zero.data(), region->data(), 0, 0,
                                 host.data(), 0, nullptr, nullptr))
        << "region " << describe(*region);
  // A slice pitch is for 3D images and arrays.
  EXPECT_CL(CL_INVALID_VALUE, clEnqueueReadImage(queue, image, CL_TRUE, zero.data(), one.data(), 0,
                                                 64, host.data(), 0, nullptr, nullptr));
  // Buffers are not images and images are not buffers.
  EXPECT_CL(CL_INVALID_MEM_OBJECT,
            clEnqueueReadImage(queue, buffer, CL_TRUE, zero.data(), one.data(), 0, 0, host.data(),
                               0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_MEM_OBJECT,
            clEnqueueReadBuffer(queue, image, CL_TRUE, 0, 4, host.data(), 0, nullptr, nullptr));
  cl_int error = CL_SUCCESS;
  const cl_buffer_region bytes = {0, 4};
  EXPECT_EQ(clCreateSubBuffer(image, 0, CL_BUFFER_CREATE_TYPE_REGION, &bytes, &error), nullptr);
  EXPECT_CL(CL_INVALID_MEM_OBJECT, error);
  EXPECT_CL(CL_INVALID_MEM_OBJECT,
            clGetImageInfo(buffer, CL_IMAGE_WIDTH, sizeof(size_t), host.data(), nullptr));
  // The region of an image-to-buffer copy must fit the buffer.
  EXPECT_CL(CL_INVALID_VALUE, clEnqueueCopyImageToBuffer(queue, image, buffer, zero.data(),
                                                         one.data(), 4093, 0, nullptr, nullptr));
  // Images migrate as buffers do, contents kept.
  const cl_mem both[] = {image, other};
  ASSERT_CL(CL_SUCCESS, clEnqueueMigrateMemObjects(queue, 2, both, CL_MIGRATE_MEM_OBJECT_HOST, 0,
                                                   nullptr, nullptr));
  ASSERT_CL(CL_SUCCESS, clEnqueueMigrateMemObjects(queue, 1, &image, 0, 0, nullptr, nullptr));
  EXPECT_EQ(readImage(image, shape.extent, 4), contents);
  // A map needs the row pitch out-parameter.
  EXPECT_EQ(clEnqueueMapImage(queue, image, CL_TRUE, CL_MAP_READ, zero.data(), one.data(), nullptr,
                              nullptr, 0, nullptr, nullptr, &error),
            nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
}

TEST_F(ImageTest, CreationChecksFormatsDescriptorsAndSizes) {
  cl_image_desc desc = descriptorOf(kShapes[3]);
  cl_int error = CL_SUCCESS;
  auto create = [&](cl_mem_flags flags, const cl_image_format *format, void *host) {
    cl_mem image = clCreateImage(context, flags, format, &desc, host, &error);
    if (image)
      clReleaseMemObject(image);
    return error;
  };
  const cl_image_format unknown_order = {0x1234, CL_UNORM_INT8};
  const cl_image_format bad_pair = {CL_RGBA, CL_UNORM_SHORT_565};
  const cl_image_format unsupported = {CL_RGBx, CL_UNORM_SHORT_565};
  const cl_image_format srgb = {CL_sRGBA, CL_UNORM_INT8};
  const cl_image_format depth = {CL_DEPTH, CL_FLOAT};
  EXPECT_CL(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, create(0, nullptr, nullptr));
  EXPECT_CL(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, create(0, &unknown_order, nullptr));
  EXPECT_CL(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, create(0, &bad_pair, nullptr));
  EXPECT_CL(CL_IMAGE_FORMAT_NOT_SUPPORTED, create(0, &unsupported, nullptr));
  // sRGB is read-only; depth is for 2D images and 2D arrays.
  EXPECT_CL(CL_IMAGE_FORMAT_NOT_SUPPORTED, create(CL_MEM_READ_WRITE, &srgb, nullptr));
  EXPECT_CL(CL_SUCCESS, create(CL_MEM_READ_ONLY, &srgb, nullptr));
  EXPECT_CL(CL_SUCCESS, create(0, &depth, nullptr));
  desc = descriptorOf(kShapes[5]);
  EXPECT_CL(CL_IMAGE_FORMAT_NOT_SUPPORTED, create(0, &depth, nullptr));
  // Flags and host pointers as for buffers.
  desc = descriptorOf(kShapes[3]);
  std::vector<unsigned char> host(23 * 11 * 4 * 2);
  EXPECT_CL(CL_INVALID_VALUE, create(CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, &kRgba8, nullptr));
  EXPECT_CL(CL_INVALID_HOST_PTR, create(CL_MEM_COPY_HOST_PTR, &kRgba8, nullptr));
  EXPECT_CL(CL_INVALID_HOST_PTR, create(0, &kRgba8, host.data()));
  // Pitches: only with host memory, whole pixels, at least a row.
  desc.image_row_pitch = 23 * 4 + 8;
  EXPECT_CL(CL_INVALID_IMAGE_DESCRIPTOR, create(0, &kRgba8, nullptr));
  EXPECT_CL(CL_SUCCESS, create(CL_MEM_USE_HOST_PTR, &kRgba8, host.data()));
  desc.image_row_pitch = 23 * 4 + 2;
  EXPECT_CL(CL_INVALID_IMAGE_DESCRIPTOR, create(CL_MEM_USE_HOST_PTR, &kRgba8, host.data()));
  desc.image_row_pitch = 23 * 4 - 4;
  EXPECT_CL(CL_INVALID_IMAGE_DESCRIPTOR, create(CL_MEM_USE_HOST_PTR, &kRgba8, host.data()));
  // Sizes: zero, or above the device's limits.
  size_t max_width = 0;
  ASSERT_CL(CL_SUCCESS, clGetDeviceInfo(device, CL_DEVICE_IMAGE2D_MAX_WIDTH, sizeof max_width,
                                        &max_width, nullptr));
  desc = descriptorOf(kShapes[3]);
  desc.image_width = 0;
  EXPECT_CL(CL_INVALID_IMAGE_SIZE, create(0, &kRgba8, nullptr));
  desc.image_width = max_width + 1;
  EXPECT_CL(CL_INVALID_IMAGE_SIZE, create(0, &kRgba8, nullptr));
  // Descriptors: mipmaps, samples, a buffer where none belongs, a bad type.
  desc = descriptorOf(kShapes[3]);
  desc.num_mip_levels = 2;
  EXPECT_CL(CL_INVALID_IMAGE_DESCRIPTOR, create(0, &kRgba8, nullptr));
  desc = descriptorOf(kShapes[0]);
  desc.image_type = CL_MEM_OBJECT_BUFFER;
  EXPECT_CL(CL_INVALID_IMAGE_DESCRIPTOR, create(0, &kRgba8, nullptr));
  desc = descriptorOf(kShapes[1]); // 1D buffer without its buffer
  EXPECT_CL(CL_INVALID_IMAGE_DESCRIPTOR, create(0, &kRgba8, nullptr));
  // OpenCL 1.1's forms.
  EXPECT_EQ(clCreateImage3D(context, 0, &kRgba8, 4, 4, 1, 0, 0, nullptr, &error), nullptr);
  EXPECT_CL(CL_INVALID_IMAGE_SIZE, error);
  cl_mem image2d = clCreateImage2D(context, 0, &kRgba8, 5, 3, 0, nullptr, &error);
  ASSERT_CL(CL_SUCCESS, error);
  size_t height = 0;
  EXPECT_CL(CL_SUCCESS, clGetImageInfo(image2d, CL_IMAGE_HEIGHT, sizeof height, &height, nullptr));
  EXPECT_EQ(height, 3u);
  clReleaseMemObject(image2d);
  const cl_mem_properties one_property[] = {0x4200, 0, 0}; // no image property exists
  desc = descriptorOf(kShapes[3]);
  EXPECT_EQ(clCreateImageWithProperties(context, one_property, 0, &kRgba8, &desc, nullptr, &error),
            nullptr);
  EXPECT_CL(CL_INVALID_PROPERTY, error);
}

TEST_F(ImageTest, SupportedFormatsFollowTheTable) {
  auto formats = [&](cl_mem_flags flags, cl_mem_object_type type) {
    cl_uint count = 0;
    EXPECT_CL(CL_SUCCESS, clGetSupportedImageFormats(context, flags, type, 0, nullptr, &count));
    std::vector<cl_image_format> list(count);
    EXPECT_CL(CL_SUCCESS,
              clGetSupportedImageFormats(context, flags, type, count, list.data(), nullptr));
    return list;
  };
  auto has = [](const std::vector<cl_image_format> &list, cl_channel_order order,
                cl_channel_type type) {
    return std::any_of(list.begin(), list.end(), [&](const cl_image_format &format) {
      return format.image_channel_order == order && format.image_channel_data_type == type;
    });
  };
  const auto read_only_2d = formats(CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D);
  const auto read_write_2d = formats(CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D);
  const auto read_only_3d = formats(CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE3D);
  EXPECT_EQ(read_only_2d.size(), 91u);  // every row of shim/core/image_formats.def
  EXPECT_EQ(read_write_2d.size(), 89u); // no sRGB
  EXPECT_EQ(read_only_3d.size(), 89u);  // no depth
  EXPECT_TRUE(has(read_only_2d, CL_sBGRA, CL_UNORM_INT8));
  EXPECT_FALSE(has(read_write_2d, CL_sBGRA, CL_UNORM_INT8));
  EXPECT_TRUE(has(read_only_2d, CL_DEPTH, CL_UNORM_INT16));
  EXPECT_FALSE(has(read_only_3d, CL_DEPTH, CL_UNORM_INT16));
  EXPECT_TRUE(has(read_write_2d, CL_RGB, CL_UNORM_INT_101010));
  EXPECT_EQ(formats(CL_MEM_KERNEL_READ_AND_WRITE, CL_MEM_OBJECT_IMAGE2D).size(), 89u);
  EXPECT_EQ(formats(0, CL_MEM_OBJECT_IMAGE2D).size(), 89u); // read-write by default
  cl_uint count = 0;
  EXPECT_CL(CL_INVALID_VALUE,
            clGetSupportedImageFormats(context, 0, CL_MEM_OBJECT_BUFFER, 0, nullptr, &count));
  EXPECT_CL(CL_INVALID_VALUE,
            clGetSupportedImageFormats(context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY,
                                       CL_MEM_OBJECT_IMAGE2D, 0, nullptr, &count));
  EXPECT_CL(CL_INVALID_VALUE, clGetSupportedImageFormats(context, 1 << 30, CL_MEM_OBJECT_IMAGE2D, 0,
                                                         nullptr, &count));
}

TEST_F(ImageTest, SamplersKeepTheirProperties) {
  const cl_sampler_properties properties[] = {CL_SAMPLER_NORMALIZED_COORDS,
                                              CL_FALSE,
                                              CL_SAMPLER_ADDRESSING_MODE,
                                              CL_ADDRESS_REPEAT,
                                              CL_SAMPLER_FILTER_MODE,
                                              CL_FILTER_LINEAR,
                                              0};
  cl_sampler sampler = makeSampler(properties);
  ASSERT_NE(sampler, nullptr);
  cl_bool normalized = CL_TRUE;
  cl_addressing_mode addressing = 0;
  cl_filter_mode filter = 0;
  cl_context owner = nullptr;
  cl_uint references = 0;
  EXPECT_CL(CL_SUCCESS, clGetSamplerInfo(sampler, CL_SAMPLER_NORMALIZED_COORDS, sizeof normalized,
                                         &normalized, nullptr));
  EXPECT_CL(CL_SUCCESS, clGetSamplerInfo(sampler, CL_SAMPLER_ADDRESSING_MODE, sizeof addressing,
                                         &addressing, nullptr));
  EXPECT_CL(CL_SUCCESS,
            clGetSamplerInfo(sampler, CL_SAMPLER_FILTER_MODE, sizeof filter, &filter, nullptr));
  EXPECT_CL(CL_SUCCESS,
            clGetSamplerInfo(sampler, CL_SAMPLER_CONTEXT, sizeof owner, &owner, nullptr));
  EXPECT_EQ(normalized, cl_bool(CL_FALSE));
  EXPECT_EQ(addressing, cl_addressing_mode(CL_ADDRESS_REPEAT));
  EXPECT_EQ(filter, cl_filter_mode(CL_FILTER_LINEAR));
  EXPECT_EQ(owner, context);
  size_t size = 0;
  EXPECT_CL(CL_SUCCESS, clGetSamplerInfo(sampler, CL_SAMPLER_PROPERTIES, 0, nullptr, &size));
  std::vector<cl_sampler_properties> copy(size / sizeof(cl_sampler_properties));
  EXPECT_CL(CL_SUCCESS,
            clGetSamplerInfo(sampler, CL_SAMPLER_PROPERTIES, size, copy.data(), nullptr));
  EXPECT_EQ(copy, std::vector<cl_sampler_properties>(std::begin(properties), std::end(properties)));
  EXPECT_CL(CL_SUCCESS, clRetainSampler(sampler));
  EXPECT_CL(CL_SUCCESS, clGetSamplerInfo(sampler, CL_SAMPLER_REFERENCE_COUNT, sizeof references,
                                         &references, nullptr));
  EXPECT_EQ(references, 2u);
  EXPECT_CL(CL_SUCCESS, clReleaseSampler(sampler));

  // clCreateSampler's sampler has no properties to return.
  cl_int error = CL_SUCCESS;
  cl_sampler plain = clCreateSampler(context, CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &error);
  ASSERT_CL(CL_SUCCESS, error);
  EXPECT_CL(CL_SUCCESS, clGetSamplerInfo(plain, CL_SAMPLER_PROPERTIES, 0, nullptr, &size));
  EXPECT_EQ(size, 0u);
  EXPECT_CL(CL_SUCCESS, clReleaseSampler(plain));

  // Bad values and names.
  EXPECT_EQ(clCreateSampler(context, CL_TRUE, 0x1135, CL_FILTER_NEAREST, &error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  EXPECT_EQ(clCreateSampler(context, CL_TRUE, CL_ADDRESS_CLAMP, 0x1142, &error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  const cl_sampler_properties repeated[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR,
                                            CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR, 0};
  EXPECT_EQ(clCreateSamplerWithProperties(context, repeated, &error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  const cl_sampler_properties unknown[] = {0x1155 /* CL_SAMPLER_MIP_FILTER_MODE_KHR */,
                                           CL_FILTER_LINEAR, 0};
  EXPECT_EQ(clCreateSamplerWithProperties(context, unknown, &error), nullptr);
  EXPECT_CL(CL_INVALID_VALUE, error);
  EXPECT_CL(CL_INVALID_SAMPLER, clRetainSampler(nullptr));
}

} // namespace
