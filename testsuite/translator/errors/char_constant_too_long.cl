// EXPECT-STATUS: 1
// A character constant of more than 4 characters: Clang takes the last 4
// with a warning, NVRTC refuses it ("too many characters in character
// constant"; found by a mutation run). Up to 4 are an int in both.
__kernel void codes(__global int *out) {
  out[0] = 'abcd';
  out[1] = 'abcde';
}
// LOG: char_constant_too_long.cl:7:12: error: character constant too long for its type
