#ifndef STEER_VECTOR_HPP
#define STEER_VECTOR_HPP

/// @file
/// The vector types the library is generic over: glm vectors of 2 or 3
/// floating-point components.

#include <concepts>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "detail/determinism.hpp"

namespace steer {

/// Describes a vector type; specialised for `glm::vec<L, T, Q>`.
template <class V>
struct vector_traits;

/// The traits of a glm vector: its scalar type and its number of components.
template <glm::length_t L, class T, glm::qualifier Q>
struct vector_traits<glm::vec<L, T, Q>> {
    using scalar_type = T;                                 ///< the component type
    static constexpr int dimension = static_cast<int>(L);  ///< the number of components
};

/// A glm vector of 2 or 3 floating-point components (`glm::vec2`, `glm::dvec3`, ...).
template <class V>
concept vector = requires { typename vector_traits<V>::scalar_type; }
    && std::floating_point<typename vector_traits<V>::scalar_type>
    && (vector_traits<V>::dimension == 2 || vector_traits<V>::dimension == 3);

/// The scalar type of a vector: `float` for `glm::vec3`, `double` for `glm::dvec2`.
template <vector V>
using scalar_t = typename vector_traits<V>::scalar_type;

/// The number of components of a vector: 2 or 3.
template <vector V>
inline constexpr int dimension_v = vector_traits<V>::dimension;

/// An integer vector of the same dimension, for grid cells and lattice divisions.
template <vector V>
using cell_t = glm::vec<dimension_v<V>, int>;

}  // namespace steer

#endif  // STEER_VECTOR_HPP
