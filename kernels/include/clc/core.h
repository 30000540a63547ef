// The core of the clcuda device library, included by every translated program
// (docs/design.md, "The device library"; docs/device-library.md): OpenCL's
// scalar typedefs, clc::vec<T, N> with its operators and swizzles, as_type,
// select, the work-item functions, barriers, fences and __local arguments.
// Kept small: NVRTC parses it for every program.
#pragma once

#include <clc/ndrange.h>

// printf: NVRTC declares it itself; nvcc, which readable output migrated
// for good is built with, takes it from the C library's header.
#if !defined(__CUDACC_RTC__)
#include <cstdio>
#endif

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;

namespace clc {

// OpenCL's half (cl_khr_fp16), defined after the scalar traits below.
struct half;

// Conversion modifiers of convert_<type>[_sat][_rte|_rtz|_rtp|_rtn] and
// vstore_half[_rXX]; rdefault is the spec's default for the destination.
struct nosat {};
struct saturate {};
struct rdefault {};
struct rte {};
struct rtz {};
struct rtp {};
struct rtn {};

template <class T, int N> struct vec;

namespace detail {

template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;

template <bool B, class T, class F> struct conditional { typedef T type; };
template <class T, class F> struct conditional<false, T, F> { typedef F type; };
template <bool B, class T, class F> using conditional_t = typename conditional<B, T, F>::type;

template <class T> struct identity { typedef T type; };
// A parameter of type identity_t<T> takes no part in deduction, so it accepts
// anything that converts to T (the scalar of a mixed vector/scalar builtin).
template <class T> using identity_t = typename identity<T>::type;

template <class T> struct remove_reference { typedef T type; };
template <class T> struct remove_reference<T &> { typedef T type; };

template <class T, class U> constexpr bool is_same = false;
template <class T> constexpr bool is_same<T, T> = true;

enum scalar_kind { not_scalar, signed_integer, unsigned_integer, floating };

// kind, and the OpenCL signed/unsigned integer types of the same size. An
// enumeration is its underlying integer type, as C's enumerators are ints:
// (uint4)(MD5C00) splats one.
template <class T, bool = __is_enum(T)> struct scalar_traits {
  static constexpr scalar_kind kind = not_scalar;
};
template <class T> struct scalar_traits<T, true> : scalar_traits<__underlying_type(T)> {};
#define CLC_SCALAR_TRAITS(type, type_kind, signed_of, unsigned_of)                                 \
  template <> struct scalar_traits<type> {                                                         \
    static constexpr scalar_kind kind = type_kind;                                                 \
    typedef signed_of signed_type;                                                                 \
    typedef unsigned_of unsigned_type;                                                             \
  };
CLC_SCALAR_TRAITS(char, signed_integer, char, unsigned char)
CLC_SCALAR_TRAITS(signed char, signed_integer, char, unsigned char)
CLC_SCALAR_TRAITS(unsigned char, unsigned_integer, char, unsigned char)
CLC_SCALAR_TRAITS(short, signed_integer, short, unsigned short)
CLC_SCALAR_TRAITS(unsigned short, unsigned_integer, short, unsigned short)
CLC_SCALAR_TRAITS(int, signed_integer, int, unsigned int)
CLC_SCALAR_TRAITS(unsigned int, unsigned_integer, int, unsigned int)
CLC_SCALAR_TRAITS(long, signed_integer, long, unsigned long)
CLC_SCALAR_TRAITS(unsigned long, unsigned_integer, long, unsigned long)
CLC_SCALAR_TRAITS(long long, signed_integer, long long, unsigned long long)
CLC_SCALAR_TRAITS(unsigned long long, unsigned_integer, long long, unsigned long long)
CLC_SCALAR_TRAITS(float, floating, int, unsigned int)
CLC_SCALAR_TRAITS(double, floating, long, unsigned long)
CLC_SCALAR_TRAITS(half, floating, short, unsigned short)
#undef CLC_SCALAR_TRAITS
// C++'s bool is C's int where it comes from (a comparison: (int4)(a != b)).
template <> struct scalar_traits<bool> : scalar_traits<int> {};
// A volatile scalar (a component of a volatile vector) is read as its type.
template <class T> struct scalar_traits<volatile T> : scalar_traits<T> {};

template <class T> constexpr bool is_scalar = scalar_traits<T>::kind != not_scalar;
template <class T>
constexpr bool is_integer =
    scalar_traits<T>::kind == signed_integer || scalar_traits<T>::kind == unsigned_integer;
template <class T> constexpr bool is_signed_integer = scalar_traits<T>::kind == signed_integer;
template <class T> constexpr bool is_floating = scalar_traits<T>::kind == floating;
template <class T> using if_integer = enable_if_t<is_integer<T>, int>;
template <class T> using if_floating = enable_if_t<is_floating<T>, int>;
template <class T> using signed_t = typename scalar_traits<T>::signed_type;
template <class T> using unsigned_t = typename scalar_traits<T>::unsigned_type;
template <class T> constexpr int bits = 8 * sizeof(T);
// The range of an integer type.
template <class T> __host__ __device__ constexpr T max_value() {
  return is_signed_integer<T> ? T(unsigned_t<T>(~unsigned_t<T>(0)) >> 1) : T(~T(0));
}
template <class T> __host__ __device__ constexpr T min_value() {
  return is_signed_integer<T> ? T(-max_value<T>() - 1) : T(0);
}

// half's bits from a value, rounded to nearest even, in software: for
// constants (a __constant half needs a constant initializer) and doubles (a
// literal 1.5h is written half(1.5), which NVVM then folds).
__host__ __device__ constexpr unsigned short half_bits_of(double value) {
  const unsigned long long bits = __builtin_bit_cast(unsigned long long, value);
  const unsigned short sign = (bits >> 48) & 0x8000u;
  const unsigned long long magnitude = bits & 0x7fffffffffffffffull;
  if (magnitude >= 0x7ff0000000000000ull) // infinity or NaN (kept quiet)
    return sign | 0x7c00u | (magnitude > 0x7ff0000000000000ull ? 0x200u : 0u);
  const int exponent = int(magnitude >> 52) - 1023;
  if (exponent >= 16) // 65536 or more: infinity
    return sign | 0x7c00u;
  if (exponent < -25) // below half the smallest subnormal, 2^-24
    return sign;
  // Units of the result's last place, 2^(e - 10); e >= -14 (subnormals).
  const int e = exponent < -14 ? -14 : exponent;
  const int shift = 42 + e - exponent;
  const unsigned long long significand = (magnitude & 0xfffffffffffffull) | (1ull << 52);
  unsigned long long units = significand >> shift;
  const unsigned long long rest = significand & ((1ull << shift) - 1), tie = 1ull << (shift - 1);
  units += rest > tie || (rest == tie && (units & 1));
  // A subnormal (e = -14, units < 1024) and a carry into the exponent (or
  // into infinity) come out of the same sum.
  return static_cast<unsigned short>(sign | (((e + 15) << 10) + units - 1024));
}
__host__ __device__ constexpr float half_bits_value(unsigned short bits) {
  const unsigned int sign = (bits & 0x8000u) << 16, exponent = (bits >> 10) & 0x1fu,
                     mantissa = bits & 0x3ffu;
  if (exponent == 0) { // zero or subnormal: mantissa * 2^-24
    const float value = float(mantissa) * 0x1p-24f;
    return sign ? -value : value;
  }
  return __builtin_bit_cast(float,
                            sign | (exponent == 0x1fu ? 0x7f800000u | mantissa << 13
                                                      : (exponent + 112) << 23 | mantissa << 13));
}

// Conversions to half with each rounding mode, and back (exact), by PTX cvt
// (no CUDA header needed).
#define CLC_TO_HALF(mode, ptx_mode)                                                                \
  __device__ inline unsigned short half_bits(float f, mode) {                                      \
    unsigned short h;                                                                              \
    asm("cvt." #ptx_mode ".f16.f32 %0, %1;" : "=h"(h) : "f"(f));                                   \
    return h;                                                                                      \
  }                                                                                                \
  __device__ inline unsigned short half_bits(double d, mode) {                                     \
    unsigned short h;                                                                              \
    asm("cvt." #ptx_mode ".f16.f64 %0, %1;" : "=h"(h) : "d"(d));                                   \
    return h;                                                                                      \
  }                                                                                                \
  __device__ inline unsigned short half_bits(long long i, mode) {                                  \
    unsigned short h;                                                                              \
    asm("cvt." #ptx_mode ".f16.s64 %0, %1;" : "=h"(h) : "l"(i));                                   \
    return h;                                                                                      \
  }                                                                                                \
  __device__ inline unsigned short half_bits(unsigned long long u, mode) {                         \
    unsigned short h;                                                                              \
    asm("cvt." #ptx_mode ".f16.u64 %0, %1;" : "=h"(h) : "l"(u));                                   \
    return h;                                                                                      \
  }
CLC_TO_HALF(rte, rn)
CLC_TO_HALF(rtz, rz)
CLC_TO_HALF(rtp, rp)
CLC_TO_HALF(rtn, rm)
#undef CLC_TO_HALF
// An argument of half_bits: floats as they are, integers widened to 64 bits.
template <class S> __device__ inline auto half_source(S value) {
  if constexpr (is_same<S, float> || is_same<S, double>)
    return value;
  else if constexpr (is_signed_integer<S> || is_same<S, bool>)
    return static_cast<long long>(value);
  else
    return static_cast<unsigned long long>(value);
}
} // namespace detail

// half: IEEE binary16 with OpenCL's arithmetic (cl_khr_fp16). Made from
// any scalar explicitly (the translator writes C's implicit conversions out),
// read as a float implicitly (exact), so mixed expressions take C's types.
struct half {
  unsigned short bits;

  half() = default;
  // From a double in software even at run time: a half literal is written
  // half(<double literal>), which NVVM then folds to its bits (it folds no
  // cvt instruction).
  template <class S, detail::enable_if_t<detail::is_scalar<S> || detail::is_same<S, bool>, int> = 0>
  __host__ __device__ constexpr explicit half(S value)
      : bits(__builtin_is_constant_evaluated() || detail::is_same<S, double>
                 ? detail::half_bits_of(double(value))
                 : convert(value)) {}
  __host__ __device__ constexpr operator float() const {
    return __builtin_is_constant_evaluated() ? detail::half_bits_value(bits) : read();
  }
  __host__ __device__ static constexpr half from_bits(unsigned short bits) {
    half h{};
    h.bits = bits;
    return h;
  }

  template <class S> __device__ half &operator+=(S s) { return *this = half(*this + s); }
  template <class S> __device__ half &operator-=(S s) { return *this = half(*this - s); }
  template <class S> __device__ half &operator*=(S s) { return *this = half(*this * s); }
  template <class S> __device__ half &operator/=(S s) { return *this = half(*this / s); }
  __device__ half &operator++();
  __device__ half &operator--();
  __device__ half operator++(int) {
    half old = *this;
    ++*this;
    return old;
  }
  __device__ half operator--(int) {
    half old = *this;
    --*this;
    return old;
  }

private:
  // The cvt instructions on the device; in software in host code (readable
  // output built by nvcc compiles the library for the host too).
  template <class S> __host__ __device__ static unsigned short convert(S value) {
    if constexpr (detail::is_same<S, half>) {
      return value.bits;
    } else {
#ifdef __CUDA_ARCH__
      return detail::half_bits(detail::half_source(value), rte());
#else
      return detail::half_bits_of(double(value));
#endif
    }
  }
  __host__ __device__ float read() const {
#ifdef __CUDA_ARCH__
    float f;
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(bits));
    return f;
#else
    return detail::half_bits_value(bits);
#endif
  }
};

namespace detail {
// `value` (a float, double or integer) as a half, rounded by `mode`.
template <class S, class Mode> __device__ inline half to_half(S value, Mode mode) {
  return half::from_bits(half_bits(half_source(value), mode));
}
} // namespace detail

// Arithmetic rounds once, to nearest even: +, -, * and fma in the f16
// instructions; a quotient of halves is exact enough in float (24 bits >=
// 2 x 11 + 2) to round once more to the correct half.
#define CLC_HALF_ARITHMETIC(op, ptx)                                                               \
  __device__ inline half operator op(half a, half b) {                                             \
    half r;                                                                                        \
    asm(#ptx ".rn.f16 %0, %1, %2;" : "=h"(r.bits) : "h"(a.bits), "h"(b.bits));                     \
    return r;                                                                                      \
  }
CLC_HALF_ARITHMETIC(+, add)
CLC_HALF_ARITHMETIC(-, sub)
CLC_HALF_ARITHMETIC(*, mul)
#undef CLC_HALF_ARITHMETIC
__device__ inline half operator/(half a, half b) { return half(float(a) / float(b)); }
__device__ inline half operator-(half a) { return half::from_bits(a.bits ^ 0x8000u); }
__device__ inline half operator+(half a) { return a; }
__device__ inline half &half::operator++() { return *this = *this + half::from_bits(0x3c00u); }
__device__ inline half &half::operator--() { return *this = *this - half::from_bits(0x3c00u); }
#define CLC_HALF_COMPARISON(op)                                                                    \
  __device__ inline bool operator op(half a, half b) { return float(a) op float(b); }
CLC_HALF_COMPARISON(==)
CLC_HALF_COMPARISON(!=)
CLC_HALF_COMPARISON(<)
CLC_HALF_COMPARISON(>)
CLC_HALF_COMPARISON(<=)
CLC_HALF_COMPARISON(>=)
#undef CLC_HALF_COMPARISON

namespace detail {

// The shape of a builtin argument: a scalar (size 1), a vec<T, N> or a pointer
// to one (an output argument such as fract's iptr).
template <class V> struct shape {
  typedef V element;
  static constexpr int size = 1;
};
template <class T, int N> struct shape<vec<T, N>> {
  typedef T element;
  static constexpr int size = N;
};
template <class T, int N> struct shape<vec<T, N> *> { static constexpr int size = N; };
template <class T, int N> struct shape<volatile vec<T, N>> : shape<vec<T, N>> {};
template <class V> using element_t = typename shape<V>::element;
template <class V> constexpr int vec_size = shape<V>::size;

// The common vector width of a builtin's arguments, each a scalar or of
// width N; 0 when they disagree.
template <class... A> __host__ __device__ constexpr int common_size() {
  constexpr int sizes[] = {vec_size<A>...};
  int n = 1;
  for (int s : sizes)
    if (s != 1) {
      if (n != 1 && n != s)
        return 0;
      n = s;
    }
  return n;
}

template <class T> __device__ inline const T &component(const T &scalar, int) { return scalar; }
template <class T, int N> __device__ inline const T &component(const vec<T, N> &v, int i) {
  return v.elem[i];
}
template <class T, int N> __device__ inline T *component(vec<T, N> *p, int i) {
  return &p->elem[i];
}

template <class... A> __host__ __device__ constexpr int total_components() {
  return (0 + ... + vec_size<A>);
}

// The component indices 0..N-1 as a pack, for building a vector in one
// initializer: NVVM then keeps the components in registers instead of
// spilling a temporary array written at run-time indices.
template <int... I> struct indices {};
template <int N, int... I> struct index_range : index_range<N - 1, N - 1, I...> {};
template <int... I> struct index_range<0, I...> { typedef indices<I...> type; };
template <int N> using make_indices = typename index_range<N>::type;

// Component K of a vector constructor's argument (a scalar is its own only
// component; a volatile vector's component is read once).
template <int K, class S> __host__ __device__ constexpr auto component_value(const S &s) {
  if constexpr (is_scalar<S>)
    return s;
  else
    return s.elem[K];
}
template <int K, class T, int N>
__host__ __device__ T component_value(const volatile vec<T, N> &v) {
  return v.elem[K];
}

// Where argument J of a vector constructor starts in the result.
template <int J, class... A> __host__ __device__ constexpr int argument_offset() {
  constexpr int sizes[] = {vec_size<A>...};
  int offset = 0;
  for (int j = 0; j < J; ++j)
    offset += sizes[j];
  return offset;
}
// Selects the constructor that writes each argument's components in place.
struct concatenation {};

template <class T, int N> struct vec_storage;
template <class T> struct vec_storage<T, 2> {
  union {
    T elem[2];
    struct {
      T x, y;
    };
  };
};
template <class T> struct vec_storage<T, 3> {
  union {
    T elem[4]; // a 3-vector occupies 4 components (OpenCL 6.1.5)
    struct {
      T x, y, z;
    };
  };
};
template <class T> struct vec_storage<T, 4> {
  union {
    T elem[4];
    struct {
      T x, y, z, w;
    };
  };
};
template <class T> struct vec_storage<T, 8> {
  union {
    T elem[8];
    struct {
      T s0, s1, s2, s3, s4, s5, s6, s7;
    };
  };
};
template <class T> struct vec_storage<T, 16> {
  union {
    T elem[16];
    struct {
      T s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, sa, sb, sc, sd, se, sf;
    };
  };
};

// The compound assignments, ++ and -- of an assignable vector (a vec or a
// swizzle_proxy): read the Value, apply the operator, assign the result.
template <class Derived, class Value, class T> struct compound_assignment {
#define CLC_COMPOUND_ASSIGNMENT(op)                                                                \
  template <class O> __device__ Derived &operator op##=(const O &o) {                              \
    Derived &self = static_cast<Derived &>(*this);                                                 \
    return self = Value(self) op o;                                                                \
  }
  CLC_COMPOUND_ASSIGNMENT(+)
  CLC_COMPOUND_ASSIGNMENT(-)
  CLC_COMPOUND_ASSIGNMENT(*)
  CLC_COMPOUND_ASSIGNMENT(/)
  CLC_COMPOUND_ASSIGNMENT(%)
  CLC_COMPOUND_ASSIGNMENT(&)
  CLC_COMPOUND_ASSIGNMENT(|)
  CLC_COMPOUND_ASSIGNMENT(^)
  CLC_COMPOUND_ASSIGNMENT(<<)
  CLC_COMPOUND_ASSIGNMENT(>>)
#undef CLC_COMPOUND_ASSIGNMENT
  // On a volatile vector: one read and one write of each component.
#define CLC_VOLATILE_COMPOUND_ASSIGNMENT(op)                                                       \
  template <class O> __device__ volatile Derived &operator op##=(const O &o) volatile {            \
    volatile Derived &self = static_cast<volatile Derived &>(*this);                               \
    return self = Value(self) op o;                                                                \
  }
  CLC_VOLATILE_COMPOUND_ASSIGNMENT(+)
  CLC_VOLATILE_COMPOUND_ASSIGNMENT(-)
  CLC_VOLATILE_COMPOUND_ASSIGNMENT(*)
  CLC_VOLATILE_COMPOUND_ASSIGNMENT(/)
  CLC_VOLATILE_COMPOUND_ASSIGNMENT(%)
  CLC_VOLATILE_COMPOUND_ASSIGNMENT(&)
  CLC_VOLATILE_COMPOUND_ASSIGNMENT(|)
  CLC_VOLATILE_COMPOUND_ASSIGNMENT(^)
  CLC_VOLATILE_COMPOUND_ASSIGNMENT(<<)
  CLC_VOLATILE_COMPOUND_ASSIGNMENT(>>)
#undef CLC_VOLATILE_COMPOUND_ASSIGNMENT

  __device__ Derived &operator++() { return *this += T(1); }
  __device__ Derived &operator--() { return *this -= T(1); }
  __device__ Value operator++(int) {
    Value old = Value(static_cast<Derived &>(*this));
    *this += T(1);
    return old;
  }
  __device__ Value operator--(int) {
    Value old = Value(static_cast<Derived &>(*this));
    *this -= T(1);
    return old;
  }
};

} // namespace detail

// An OpenCL vector: components in elem[], also named x y z w (N <= 4) or
// s0..sf (N >= 8); size and alignment are OpenCL's.
template <class T, int N>
struct alignas(sizeof(T) * (N == 3 ? 4 : N)) vec
    : detail::vec_storage<T, N>,
      detail::compound_assignment<vec<T, N>, vec<T, N>, T> {
  static_assert(N == 2 || N == 3 || N == 4 || N == 8 || N == 16, "OpenCL vector width");

  vec() = default;

  // (float4)(s): every component is s. (float4)(int4): converts each component.
  template <class S, detail::enable_if_t<detail::is_scalar<S> || detail::vec_size<S> == N, int> = 0>
  __host__ __device__ explicit constexpr vec(const S &s) : vec(detail::make_indices<N>(), s) {}

  // (float4)(a, v2, b): scalars and vectors whose components add up to N.
  template <class A, class B, class... R,
            detail::enable_if_t<detail::total_components<A, B, R...>() == N, int> = 0>
  __host__ __device__ constexpr vec(const A &a, const B &b, const R &...r)
      : vec(detail::concatenation(), detail::make_indices<2 + sizeof...(R)>(), a, b, r...) {}

  // A copy of a volatile vector, read component by component. Templates (as
  // are the volatile assignments) so that vec keeps its trivial copy
  // constructor and assignment.
  template <class V, detail::enable_if_t<detail::is_same<V, vec>, int> = 0>
  __host__ __device__ vec(const volatile V &v) : vec(detail::make_indices<N>(), v) {}

  template <class S, detail::enable_if_t<detail::is_scalar<S>, int> = 0>
  __device__ vec &operator=(S s) {
    return *this = vec(s);
  }

  template <class V, detail::enable_if_t<detail::is_same<V, vec>, int> = 0>
  __device__ vec &operator=(const volatile V &v) {
    return *this = vec(v);
  }

  // Assignments to a volatile vector (OpenCL C allows volatile on any type)
  // write each component once.
  template <class V, detail::enable_if_t<detail::is_same<V, vec>, int> = 0>
  __device__ volatile vec &operator=(V v) volatile {
    store(detail::make_indices<N>(), v);
    return *this;
  }
  template <class S, detail::enable_if_t<detail::is_scalar<S>, int> = 0>
  __device__ volatile vec &operator=(S s) volatile {
    return *this = vec(s);
  }

  __device__ T &operator[](int i) { return this->elem[i]; }
  __device__ const T &operator[](int i) const { return this->elem[i]; }
  __device__ volatile T &operator[](int i) volatile { return this->elem[i]; }
  __device__ const volatile T &operator[](int i) const volatile { return this->elem[i]; }

private:
  // From one scalar (every component) or one vector of width N (a volatile
  // one's components read once each).
  template <int... I, class S>
  __host__ __device__ constexpr vec(detail::indices<I...>, const S &s)
      : detail::vec_storage<T, N>{{T(detail::component_value<I>(s))...}} {}
  // From several scalars and vectors: each argument's components are written
  // straight into the result. NVVM's time on a program with hundreds of
  // different constructors (the CTS's vector_creation) grows with the
  // temporaries a constructor builds; writing in place builds none.
  template <int... J, class... A>
  __host__ __device__ constexpr vec(detail::concatenation, detail::indices<J...>, const A &...a)
      : detail::vec_storage<T, N>{} {
    (place<detail::argument_offset<J, A...>()>(a, detail::make_indices<detail::vec_size<A>>()),
     ...);
  }
  template <int Offset, class A, int... K>
  __host__ __device__ constexpr void place(const A &a, detail::indices<K...>) {
    ((this->elem[Offset + K] = T(detail::component_value<K>(a))), ...);
  }

  template <int... I> __device__ void store(detail::indices<I...>, const vec &v) volatile {
    ((this->elem[I] = v.elem[I]), ...);
  }
};

#define CLC_VECTOR_TYPEDEFS(scalar, name)                                                          \
  typedef vec<scalar, 2> name##2;                                                                  \
  typedef vec<scalar, 3> name##3;                                                                  \
  typedef vec<scalar, 4> name##4;                                                                  \
  typedef vec<scalar, 8> name##8;                                                                  \
  typedef vec<scalar, 16> name##16;
CLC_VECTOR_TYPEDEFS(char, char)
CLC_VECTOR_TYPEDEFS(unsigned char, uchar)
CLC_VECTOR_TYPEDEFS(short, short)
CLC_VECTOR_TYPEDEFS(unsigned short, ushort)
CLC_VECTOR_TYPEDEFS(int, int)
CLC_VECTOR_TYPEDEFS(unsigned int, uint)
CLC_VECTOR_TYPEDEFS(long, long)
CLC_VECTOR_TYPEDEFS(unsigned long, ulong)
CLC_VECTOR_TYPEDEFS(float, float)
CLC_VECTOR_TYPEDEFS(double, double)
CLC_VECTOR_TYPEDEFS(half, half)
#undef CLC_VECTOR_TYPEDEFS

namespace detail {
// Component arithmetic with OpenCL's vector semantics, free of C++ undefined
// behaviour (which NVVM exploits across a vector's components). Integer +, -
// and * wrap: they are computed unsigned, at least as wide as int, so that
// ushort * ushort does not overflow a promoted int. Division and remainder
// by zero give an unspecified value (all bits set; for % the dividend), and
// x / -1 is -x (INT_MIN / -1 wraps), as OpenCL C 6.3 allows.
template <class T>
using wrapping_t =
    conditional_t<is_integer<T>,
                  conditional_t<(sizeof(T) < sizeof(int)), unsigned int, unsigned_t<T>>, T>;
template <class T> __device__ inline T add(T a, T b) {
  return T(wrapping_t<T>(a) + wrapping_t<T>(b));
}
template <class T> __device__ inline T subtract(T a, T b) {
  return T(wrapping_t<T>(a) - wrapping_t<T>(b));
}
template <class T> __device__ inline T multiply(T a, T b) {
  return T(wrapping_t<T>(a) * wrapping_t<T>(b));
}
// -x of a float keeps the sign of zero; of an integer, wraps.
template <class T> __device__ inline T negate(T a) { return T(-wrapping_t<T>(a)); }
template <class T> __device__ inline T divide(T a, T b) {
  if constexpr (is_integer<T>) {
    if (b == T(0))
      return T(~T(0));
    if (is_signed_integer<T> && b == T(-1))
      return negate(a);
  }
  return T(a / b);
}
template <class T> __device__ inline T modulo(T a, T b) {
  if (b == T(0))
    return a;
  if (is_signed_integer<T> && b == T(-1))
    return T(0);
  return T(a % b);
}
template <class T> __device__ inline T bit_and(T a, T b) { return T(a & b); }
template <class T> __device__ inline T bit_or(T a, T b) { return T(a | b); }
template <class T> __device__ inline T bit_xor(T a, T b) { return T(a ^ b); }
} // namespace detail

// Component-wise operators; a scalar operand on either side is widened.
#define CLC_VEC_BINARY_OPERATOR(op, component_op)                                                  \
  template <class T, int N> __device__ inline vec<T, N> operator op(vec<T, N> a, vec<T, N> b) {    \
    vec<T, N> r;                                                                                   \
    for (int i = 0; i < N; ++i)                                                                    \
      r.elem[i] = detail::component_op(a.elem[i], b.elem[i]);                                      \
    return r;                                                                                      \
  }                                                                                                \
  template <class T, int N, class S, detail::enable_if_t<detail::is_scalar<S>, int> = 0>           \
  __device__ inline vec<T, N> operator op(vec<T, N> a, S b) {                                      \
    return a op vec<T, N>(b);                                                                      \
  }                                                                                                \
  template <class T, int N, class S, detail::enable_if_t<detail::is_scalar<S>, int> = 0>           \
  __device__ inline vec<T, N> operator op(S a, vec<T, N> b) {                                      \
    return vec<T, N>(a) op b;                                                                      \
  }
CLC_VEC_BINARY_OPERATOR(+, add)
CLC_VEC_BINARY_OPERATOR(-, subtract)
CLC_VEC_BINARY_OPERATOR(*, multiply)
CLC_VEC_BINARY_OPERATOR(/, divide)
CLC_VEC_BINARY_OPERATOR(%, modulo)
CLC_VEC_BINARY_OPERATOR(&, bit_and)
CLC_VEC_BINARY_OPERATOR(|, bit_or)
CLC_VEC_BINARY_OPERATOR(^, bit_xor)
#undef CLC_VEC_BINARY_OPERATOR

// Comparisons and logical operators give -1 (true) or 0 per component, in
// the signed integer type of the component's size.
#define CLC_VEC_TRUTH_OPERATOR(op, test)                                                           \
  template <class T, int N>                                                                        \
  __device__ inline vec<detail::signed_t<T>, N> operator op(vec<T, N> a, vec<T, N> b) {            \
    vec<detail::signed_t<T>, N> r;                                                                 \
    for (int i = 0; i < N; ++i)                                                                    \
      r.elem[i] = (test) ? -1 : 0;                                                                 \
    return r;                                                                                      \
  }                                                                                                \
  template <class T, int N, class S, detail::enable_if_t<detail::is_scalar<S>, int> = 0>           \
  __device__ inline vec<detail::signed_t<T>, N> operator op(vec<T, N> a, S b) {                    \
    return a op vec<T, N>(b);                                                                      \
  }                                                                                                \
  template <class T, int N, class S, detail::enable_if_t<detail::is_scalar<S>, int> = 0>           \
  __device__ inline vec<detail::signed_t<T>, N> operator op(S a, vec<T, N> b) {                    \
    return vec<T, N>(a) op b;                                                                      \
  }
CLC_VEC_TRUTH_OPERATOR(==, a.elem[i] == b.elem[i])
CLC_VEC_TRUTH_OPERATOR(!=, a.elem[i] != b.elem[i])
CLC_VEC_TRUTH_OPERATOR(<, a.elem[i] < b.elem[i])
CLC_VEC_TRUTH_OPERATOR(>, a.elem[i] > b.elem[i])
CLC_VEC_TRUTH_OPERATOR(<=, a.elem[i] <= b.elem[i])
CLC_VEC_TRUTH_OPERATOR(>=, a.elem[i] >= b.elem[i])
CLC_VEC_TRUTH_OPERATOR(&&, a.elem[i] != T(0) && b.elem[i] != T(0))
CLC_VEC_TRUTH_OPERATOR(||, a.elem[i] != T(0) || b.elem[i] != T(0))
#undef CLC_VEC_TRUTH_OPERATOR

template <class T, int N> __device__ inline vec<detail::signed_t<T>, N> operator!(vec<T, N> a) {
  vec<detail::signed_t<T>, N> r;
  for (int i = 0; i < N; ++i)
    r.elem[i] = a.elem[i] == T(0) ? -1 : 0;
  return r;
}
template <class T, int N> __device__ inline vec<T, N> operator+(vec<T, N> a) { return a; }
template <class T, int N> __device__ inline vec<T, N> operator-(vec<T, N> a) {
  vec<T, N> r;
  for (int i = 0; i < N; ++i)
    r.elem[i] = detail::negate(a.elem[i]);
  return r;
}
template <class T, int N> __device__ inline vec<T, N> operator~(vec<T, N> a) {
  vec<T, N> r;
  for (int i = 0; i < N; ++i)
    r.elem[i] = T(~a.elem[i]);
  return r;
}

// Shifts use the count modulo the component's width (OpenCL 6.3.j); the count
// is a scalar or a vector of the same width.
template <class T, int N, class C,
          detail::enable_if_t<detail::is_integer<detail::element_t<C>> &&
                                  (detail::vec_size<C> == 1 || detail::vec_size<C> == N),
                              int> = 0>
__device__ inline vec<T, N> operator<<(vec<T, N> a, const C count) {
  vec<T, N> r;
  for (int i = 0; i < N; ++i)
    r.elem[i] = T(detail::unsigned_t<T>(a.elem[i])
                  << (detail::component(count, i) & (detail::bits<T> - 1)));
  return r;
}
template <class T, int N, class C,
          detail::enable_if_t<detail::is_integer<detail::element_t<C>> &&
                                  (detail::vec_size<C> == 1 || detail::vec_size<C> == N),
                              int> = 0>
__device__ inline vec<T, N> operator>>(vec<T, N> a, const C count) {
  vec<T, N> r;
  for (int i = 0; i < N; ++i)
    r.elem[i] = T(a.elem[i] >> (detail::component(count, i) & (detail::bits<T> - 1)));
  return r;
}

namespace detail {
template <class T, int M> struct swizzle_value { typedef vec<T, M> type; };
template <class T> struct swizzle_value<T, 1> { typedef T type; };
template <int J, int... I> __host__ __device__ constexpr int index_at() {
  constexpr int indices[] = {I...};
  return indices[J];
}
template <int... I> __host__ __device__ constexpr bool distinct() {
  constexpr int indices[] = {I...};
  for (int a = 0; a < int(sizeof...(I)); ++a)
    for (int b = a + 1; b < int(sizeof...(I)); ++b)
      if (indices[a] == indices[b])
        return false;
  return true;
}
// .hi, .odd of a 3-vector read the 4th (padding) component.
template <int N, int... I> __host__ __device__ constexpr bool indices_in_range() {
  return ((I >= 0 && I < (N == 3 ? 4 : N)) && ...);
}
} // namespace detail

// v.zx, v.lo, v.odd, ... as a value (a scalar for one component).
template <int... I, class T, int N>
__device__ inline typename detail::swizzle_value<T, sizeof...(I)>::type
swizzle(const vec<T, N> &v) {
  static_assert(detail::indices_in_range<N, I...>(), "swizzle index out of range");
  return typename detail::swizzle_value<T, sizeof...(I)>::type(v.elem[I]...);
}

// A swizzle of a volatile vector reads each named component once.
template <int... I, class T, int N>
__device__ inline typename detail::swizzle_value<T, sizeof...(I)>::type
swizzle(const volatile vec<T, N> &v) {
  static_assert(detail::indices_in_range<N, I...>(), "swizzle index out of range");
  return typename detail::swizzle_value<T, sizeof...(I)>::type(T(v.elem[I])...);
}

// v.zx as an lvalue: assigning to it (=, op=, ++, --) writes through to v.
template <class T, int N, int... I>
struct swizzle_proxy
    : detail::compound_assignment<swizzle_proxy<T, N, I...>, vec<T, sizeof...(I)>, T> {
  static_assert(detail::indices_in_range<N, I...>(), "swizzle index out of range");
  static_assert(detail::distinct<I...>(), "an assigned swizzle names each component once");
  typedef vec<T, sizeof...(I)> value_type;
  vec<T, N> &v;

  __device__ operator value_type() const { return value_type(v.elem[I]...); }
  __device__ swizzle_proxy &operator=(const value_type &u) {
    int k = 0;
    ((v.elem[I] = u.elem[k++]), ...);
    return *this;
  }
  __device__ swizzle_proxy &operator=(const swizzle_proxy &other) {
    return *this = value_type(other);
  }
  template <class S, detail::enable_if_t<detail::is_scalar<S>, int> = 0>
  __device__ swizzle_proxy &operator=(S s) {
    return *this = value_type(s);
  }
};

template <int... I, class T, int N, detail::enable_if_t<(sizeof...(I) > 1), int> = 0>
__device__ inline swizzle_proxy<T, N, I...> swizzle_ref(vec<T, N> &v) {
  return swizzle_proxy<T, N, I...>{{}, v};
}
template <int I, class T, int N> __device__ inline T &swizzle_ref(vec<T, N> &v) {
  static_assert(detail::indices_in_range<N, I>(), "swizzle index out of range");
  return v.elem[I];
}
// One component of a volatile vector as an lvalue (v.x = 1). Assigning to
// several components of a volatile vector at once is not supported.
template <int I, class T, int N> __device__ inline volatile T &swizzle_ref(volatile vec<T, N> &v) {
  static_assert(detail::indices_in_range<N, I>(), "swizzle index out of range");
  return v.elem[I];
}
// A swizzle of a swizzle (v.xy.x) selects from the underlying vector.
template <int... J, class T, int N, int... I>
__device__ inline auto swizzle(const swizzle_proxy<T, N, I...> &p) {
  return swizzle<detail::index_at<J, I...>()...>(p.v);
}
template <int... J, class T, int N, int... I>
__device__ inline decltype(auto) swizzle_ref(const swizzle_proxy<T, N, I...> &p) {
  return swizzle_ref<detail::index_at<J, I...>()...>(p.v);
}

// select(a, b, c): c ? b : a per component; a vector c tests the most
// significant bit of each component. Also the vector form of `c ? b : a`.
template <class T, class C,
          detail::enable_if_t<detail::is_scalar<T> && detail::is_integer<C>, int> = 0>
__device__ inline T select(T a, detail::identity_t<T> b, C c) {
  return c ? b : a;
}
template <class T, int N, class C, detail::enable_if_t<detail::is_integer<C>, int> = 0>
__device__ inline vec<T, N> select(vec<T, N> a, vec<T, N> b, vec<C, N> c) {
  vec<T, N> r;
  for (int i = 0; i < N; ++i)
    r.elem[i] = detail::signed_t<C>(c.elem[i]) < 0 ? b.elem[i] : a.elem[i];
  return r;
}

// as_type: the same bits as another type of the same size (a 3-vector has the
// size of a 4-vector).
template <class To, class From> __host__ __device__ constexpr To as(const From &x) {
  static_assert(sizeof(To) == sizeof(From), "as_type needs types of the same size");
  return __builtin_bit_cast(To, x);
}

// The values of INFINITY/HUGE_VALF (__builtin_inff, __builtin_huge_valf),
// HUGE_VAL (__builtin_huge_val) and __builtin_nanf(""), as constant expressions.
template <class T> __host__ __device__ constexpr T infinity();
template <> __host__ __device__ constexpr float infinity<float>() {
  return __builtin_bit_cast(float, 0x7f800000u);
}
template <> __host__ __device__ constexpr double infinity<double>() {
  return __builtin_bit_cast(double, 0x7ff0000000000000ull);
}
template <> __host__ __device__ constexpr half infinity<half>() { return half::from_bits(0x7c00u); }
template <class T> __host__ __device__ constexpr T quiet_nan();
template <> __host__ __device__ constexpr float quiet_nan<float>() {
  return __builtin_bit_cast(float, 0x7fc00000u);
}
template <> __host__ __device__ constexpr double quiet_nan<double>() {
  return __builtin_bit_cast(double, 0x7ff8000000000000ull);
}
template <> __host__ __device__ constexpr half quiet_nan<half>() {
  return half::from_bits(0x7e00u);
}

namespace detail {
// The rounding mode a conversion uses: Round, or Default for rdefault.
template <class Round, class Default> struct resolve_rounding { typedef Round type; };
template <class Default> struct resolve_rounding<rdefault, Default> { typedef Default type; };
template <class Round, class Default>
using rounding_t = typename resolve_rounding<Round, Default>::type;
} // namespace detail

// Work-item functions (docs/design.md, "The hidden NDRange parameter").
// A dimension index >= 3 gives the spec's defaults: ids 0, sizes 1.
namespace detail {
__device__ inline unsigned int dimension(const ::uint3 &v, unsigned int d) {
  return d == 0 ? v.x : d == 1 ? v.y : v.z;
}
__device__ inline unsigned int dimension(const dim3 &v, unsigned int d) {
  return d == 0 ? v.x : d == 1 ? v.y : v.z;
}
} // namespace detail

__device__ inline unsigned int get_work_dim(const ndrange &r) { return r.work_dim; }
__device__ inline size_t get_global_size(const ndrange &r, unsigned int d) {
  return d < 3 ? r.global_size[d] : 1;
}
__device__ inline size_t get_global_offset(const ndrange &r, unsigned int d) {
  return d < 3 ? r.global_offset[d] : 0;
}
__device__ inline size_t get_enqueued_local_size(const ndrange &r, unsigned int d) {
  return d < 3 ? r.enqueued_local_size[d] : 1;
}
__device__ inline size_t get_num_groups(const ndrange &r, unsigned int d) {
  return d < 3 ? r.num_groups[d] : 1;
}
// A group id fits 32 bits (clEnqueueNDRangeKernel refuses a range of more
// groups) and so does a local size (at most the device's 1024), so a global
// id takes one 32 x 32 -> 64-bit multiply instead of a 64-bit one.
namespace detail {
__device__ inline unsigned int group_id(const ndrange &r, unsigned int d) {
  return r.group_offset[d] + dimension(blockIdx, d);
}
} // namespace detail
__device__ inline size_t get_group_id(const ndrange &r, unsigned int d) {
  return d < 3 ? size_t(detail::group_id(r, d)) : 0;
}
__device__ inline size_t get_local_size(unsigned int d) {
  return d < 3 ? detail::dimension(blockDim, d) : 1;
}
__device__ inline size_t get_local_id(unsigned int d) {
  return d < 3 ? detail::dimension(threadIdx, d) : 0;
}
__device__ inline size_t get_global_id(const ndrange &r, unsigned int d) {
  return d < 3 ? size_t(detail::group_id(r, d)) *
                         static_cast<unsigned int>(r.enqueued_local_size[d]) +
                     detail::dimension(threadIdx, d) + r.global_offset[d]
               : 0;
}
__device__ inline size_t get_global_linear_id(const ndrange &r) {
  size_t id = 0;
  for (int d = 2; d >= 0; --d)
    id = id * r.global_size[d] + (get_global_id(r, d) - r.global_offset[d]);
  return id;
}
__device__ inline size_t get_local_linear_id() {
  return (size_t(threadIdx.z) * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}

// Sub-groups are warps: CUDA numbers a block's threads x fastest, as OpenCL's
// local linear id, and cuts them into warps of 32, the last one possibly
// partial, which is how OpenCL cuts a work-group into sub-groups
// (clc/subgroup.h has the sub-group functions).
namespace detail {
constexpr unsigned int warp_size = sub_group_size;
__device__ inline unsigned int sub_groups_of(unsigned long long items) {
  return unsigned(items + warp_size - 1) / warp_size;
}
__device__ inline unsigned long long enqueued_items(const ndrange &r) {
  return r.enqueued_local_size[0] * r.enqueued_local_size[1] * r.enqueued_local_size[2];
}
} // namespace detail
__device__ inline unsigned int get_sub_group_id() {
  return unsigned(get_local_linear_id()) / detail::warp_size;
}
__device__ inline unsigned int get_sub_group_local_id() {
  return unsigned(get_local_linear_id()) % detail::warp_size;
}
__device__ inline unsigned int get_num_sub_groups() {
  return detail::sub_groups_of(blockDim.x * blockDim.y * blockDim.z);
}
__device__ inline unsigned int get_enqueued_num_sub_groups(const ndrange &r) {
  return detail::sub_groups_of(detail::enqueued_items(r));
}
__device__ inline unsigned int get_sub_group_size() {
  unsigned int remaining =
      blockDim.x * blockDim.y * blockDim.z - get_sub_group_id() * detail::warp_size;
  return remaining < detail::warp_size ? remaining : detail::warp_size;
}
// The largest sub-group of the dispatch: a remainder work-group is never larger
// than the enqueued one.
__device__ inline unsigned int get_max_sub_group_size(const ndrange &r) {
  unsigned long long items = detail::enqueued_items(r);
  return items < detail::warp_size ? unsigned(items) : detail::warp_size;
}

// Synchronization. The fence flags and scopes have Clang's values
// (opencl-c-base.h), so both the names and literal values work.
typedef unsigned int cl_mem_fence_flags;
namespace detail {
constexpr cl_mem_fence_flags local_mem_fence = 1;
constexpr cl_mem_fence_flags global_mem_fence = 2;
} // namespace detail
enum memory_scope {
  memory_scope_work_item = 0,
  memory_scope_work_group = 1,
  memory_scope_device = 2,
  memory_scope_all_svm_devices = 3,
  memory_scope_all_devices = 3,
  memory_scope_sub_group = 4
};
enum memory_order {
  memory_order_relaxed = 0,
  memory_order_acquire = 2,
  memory_order_release = 3,
  memory_order_acq_rel = 4,
  memory_order_seq_cst = 5
};

// A fence over the memory the flags name: __threadfence() orders global and
// shared accesses device-wide, __threadfence_block() within the work-group.
__device__ inline void mem_fence(cl_mem_fence_flags flags) {
  if (flags & detail::global_mem_fence)
    __threadfence();
  else if (flags & detail::local_mem_fence)
    __threadfence_block();
}
__device__ inline void read_mem_fence(cl_mem_fence_flags flags) { mem_fence(flags); }
__device__ inline void write_mem_fence(cl_mem_fence_flags flags) { mem_fence(flags); }

// __syncthreads() also orders the work-group's global and shared accesses.
__device__ inline void barrier(cl_mem_fence_flags) { __syncthreads(); }
__device__ inline void work_group_barrier(cl_mem_fence_flags) { __syncthreads(); }
__device__ inline void work_group_barrier(cl_mem_fence_flags flags, memory_scope scope) {
  bool beyond_work_group = scope == memory_scope_device || scope == memory_scope_all_svm_devices;
  if ((flags & detail::global_mem_fence) && beyond_work_group)
    __threadfence();
  __syncthreads();
}

// A __local pointer kernel argument: its offset into dynamic shared memory,
// where the shim lays the arguments out (docs/design.md).
namespace detail {
extern __shared__ __align__(128) unsigned char dynamic_shared_memory[];
}
template <class T> __device__ inline T *local_arg(unsigned int offset) {
  return reinterpret_cast<T *>(detail::dynamic_shared_memory + offset);
}
// A kernel's __local variable that the translator put into dynamic shared
// memory, before the arguments (their static total would pass CUDA's 48 KiB):
// `float (&t)[N] = clc::local_variable<decltype(t)>(offset);`.
template <class Reference> __device__ inline Reference local_variable(unsigned int offset) {
  return *reinterpret_cast<typename detail::remove_reference<Reference>::type *>(
      detail::dynamic_shared_memory + offset);
}

// Ends the basic block and changes nothing that runs: the translator puts it
// into long runs of stores (docs/translator.md, "Long runs of stores").
// NVVM stops merging a block's scalar stores into vector stores past about
// 2,000 to one object, and its passes and ptxas slow down on such blocks. The
// volatile asm's 0 is opaque, so the branch stays and the block ends there.
__device__ __forceinline__ void end_basic_block() {
  unsigned int never;
  asm volatile("mov.u32 %0, 0;" : "=r"(never));
  if (never)
    __trap();
}

} // namespace clc

// The half form of a floating-point builtin of one, two or three operands:
// computed by its float form, which holds every half exactly, and rounded
// once to half. A float result within a few float ulps rounds to within the
// spec's half bounds (OpenCL C 7.4: 2 ulp or more, exact functions exact).
// A template (F is float), so that a program that does not call it does
// not instantiate the float form: NVRTC's time on every program that
// includes the module depends on it. For a half argument it is more
// specialized than the module's template of every floating type, so it is
// the one chosen.
#define CLC_HALF_THROUGH_FLOAT_1(name)                                                             \
  template <class F = float> __device__ inline ::clc::half name(::clc::half x) {                   \
    return ::clc::half(name(F(x)));                                                                \
  }
#define CLC_HALF_THROUGH_FLOAT_2(name)                                                             \
  template <class F = float> __device__ inline ::clc::half name(::clc::half x, ::clc::half y) {    \
    return ::clc::half(name(F(x), F(y)));                                                          \
  }
#define CLC_HALF_THROUGH_FLOAT_3(name)                                                             \
  template <class F = float>                                                                       \
  __device__ inline ::clc::half name(::clc::half x, ::clc::half y, ::clc::half z) {                \
    return ::clc::half(name(F(x), F(y), F(z)));                                                    \
  }

// Defines the vector forms of a scalar builtin: each argument is a scalar
// (used for every component), a vec<T, N> or a pointer to one (per-component
// outputs), all of one width N >= 2; the result is a vector of the scalar
// result type. Used by the builtin modules.
// The arguments are references, not values: with a float16 passed by value,
// NVRTC 13.0 put the argument's copy and the result of the (not unrolled)
// loop in one local-memory slot, and gave the same slot to the scratch array
// of a later sinf while the result was still live, which overwrote it.
#define CLC_VECTORIZE(name)                                                                        \
  template <class... A, int N = ::clc::detail::common_size<A...>(),                                \
            ::clc::detail::enable_if_t<(N > 1), int> = 0>                                          \
  __device__ inline auto name(const A &...a)                                                       \
      ->::clc::vec<decltype(name(::clc::detail::component(a, 0)...)), N> {                         \
    ::clc::vec<decltype(name(::clc::detail::component(a, 0)...)), N> r;                            \
    for (int i = 0; i < N; ++i)                                                                    \
      r.elem[i] = name(::clc::detail::component(a, i)...);                                         \
    return r;                                                                                      \
  }
