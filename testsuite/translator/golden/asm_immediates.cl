// Inline PTX with an immediate operand ("i"), as John the Ripper writes it
// for NVIDIA: a function hands a parameter to lop3.b32's lookup table and
// NVIDIA's compiler takes it once inlining made it a constant. NVRTC wants
// "n" and a constant expression, so the function becomes a template over
// that parameter (its prototype too) and each call passes the argument as
// the template's; a constant operand only changes its constraint.
// COMPILE: template <uint imm> static __device__ uint lut3(uint a, uint b, uint c);
// READABLE: template <uint imm> __device__ uint lut3(uint a, uint b, uint c);
uint lut3(uint a, uint b, uint c, uint imm);
#define MAJ(x, y, z) lut3(x, y, z, 0xe8)
// COMPILE: template <uint start> static __device__ inline uint byte_at(uint x) {
// READABLE: template <uint start> __device__ inline uint byte_at(uint x) {
inline uint byte_at(uint start, uint x) {
  uint r;
  // CHECK: asm("bfe.u32 %0, %1, %2, 8;" : "=r"(r) : "r"(x), "n"(start));
  asm("bfe.u32 %0, %1, %2, 8;" : "=r"(r) : "r"(x), "i"(start));
  return r;
}
// An argument the parameter's type cannot hold converts as C converts it;
// C++ refuses the narrowing in a template argument, so it is cast.
inline uint masked(uint x, uint mask) {
  uint r;
  asm("and.b32 %0, %1, %2;" : "=r"(r) : "r"(x), "i"(mask));
  return r;
}
// COMPILE: template <uint imm> static __device__ inline uint lut3(uint a, uint b, uint c) {
// READABLE: template <uint imm> __device__ inline uint lut3(uint a, uint b, uint c) {
inline uint lut3(uint a, uint b, uint c, uint imm) {
  uint r;
  // CHECK: asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(c), "n"(imm));
  asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(c), "i"(imm));
  return r;
}
kernel void asm_immediates(global uint *out, global const uint *in) {
  uint a = in[0], b = in[1], c = in[2];
  // CHECK: out[0] = lut3<0x96>(a, b, c);
  out[0] = lut3(a, b, c, 0x96);
  // Readable mode too writes the macro's use expanded: the call's pieces come
  // from the macro's body and its arguments.
  // CHECK: out[1] = lut3<0xe8>(a, b, c);
  out[1] = MAJ(a, b, c);
  // CHECK: out[2] = byte_at<16>(a);
  out[2] = byte_at(16, a);
  uint rotated;
  // CHECK: asm("shf.l.wrap.b32 %0, %1, %1, %2;" : "=r"(rotated) : "r"(a), "n"(8));
  asm("shf.l.wrap.b32 %0, %1, %1, %2;" : "=r"(rotated) : "r"(a), "i"(8));
  out[3] = rotated;
  // CHECK: out[4] = masked<(uint)(-1)>(a) + masked<0xff>(b);
  out[4] = masked(a, -1) + masked(b, 0xff);
}
