// Integer builtins for every integer type: integer_builtins.clh once per type.
// Built with -I for this directory.

#define T char
#define T_BITS 8
#include "integer_builtins.clh"

#define T uchar
#define T_BITS 8
#include "integer_builtins.clh"

#define T short
#define T_BITS 16
#include "integer_builtins.clh"

#define T ushort
#define T_BITS 16
#include "integer_builtins.clh"

#define T int
#define T_BITS 32
#include "integer_builtins.clh"

#define T uint
#define T_BITS 32
#include "integer_builtins.clh"

#define T long
#define T_BITS 64
#include "integer_builtins.clh"

#define T ulong
#define T_BITS 64
#include "integer_builtins.clh"
