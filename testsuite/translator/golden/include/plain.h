// A user header that needs nothing: readable output keeps the #include.
#define WIDTH 64
#define INDEX(x, y) ((y) * WIDTH + (x))
// A build option's macro (-D ROW_ELEMENTS=8) that only this header names:
// readable output defines it for NVRTC, which reads the header as it is.
typedef float row_t[ROW_ELEMENTS];
