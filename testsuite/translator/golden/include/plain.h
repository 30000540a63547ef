// A user header that needs nothing: readable output keeps the #include.
#define WIDTH 64
#define INDEX(x, y) ((y) * WIDTH + (x))
