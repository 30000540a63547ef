// The info queries of each object type, answered from the tables in info/.
#pragma once

#include "info.h"

#include "core/context.h"
#include "core/device.h"
#include "core/event.h"
#include "core/memory.h"
#include "core/queue.h"

namespace clcuda::api {

cl_int platformInfo(cl_platform_info param, std::size_t size, void *value, std::size_t *size_ret);
cl_int deviceInfo(const core::Device &device, cl_device_info param, std::size_t size, void *value,
                  std::size_t *size_ret);
cl_int contextInfo(core::Context &context, cl_context_info param, std::size_t size, void *value,
                   std::size_t *size_ret);
cl_int queueInfo(core::Queue &queue, cl_command_queue_info param, std::size_t size, void *value,
                 std::size_t *size_ret);
cl_int eventInfo(core::Event &event, cl_event_info param, std::size_t size, void *value,
                 std::size_t *size_ret);
cl_int memoryInfo(core::Memory &memory, cl_mem_info param, std::size_t size, void *value,
                  std::size_t *size_ret);

// Every row of each table, for consistency tests.
const std::vector<InfoRow> &platformInfoRows();
const std::vector<InfoRow> &deviceInfoRows();
const std::vector<InfoRow> &contextInfoRows();
const std::vector<InfoRow> &queueInfoRows();
const std::vector<InfoRow> &eventInfoRows();
const std::vector<InfoRow> &memoryInfoRows();

} // namespace clcuda::api
