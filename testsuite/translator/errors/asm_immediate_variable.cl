// EXPECT-STATUS: 1
// An immediate operand's value must be known when the program compiles:
// NVIDIA's compiler refuses one that inlining leaves a variable, and clcuda
// says so when it translates.
inline uint lut3(uint a, uint b, uint c, uint imm) {
  uint r;
  asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(c), "i"(imm));
  return r;
}
kernel void variable_table(global uint *p, uint table) {
  p[0] = lut3(p[1], p[2], p[3], table);
}
// LOG: asm_immediate_variable.cl:11:33: error: an inline PTX immediate operand ("i") must be a constant, or a parameter of a function other than a kernel that every call gives a constant: the call passes 'lut3' a value that is not constant [CLC2006]
