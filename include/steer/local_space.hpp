#ifndef STEER_LOCAL_SPACE_HPP
#define STEER_LOCAL_SPACE_HPP

/// @file
/// A character's local coordinate frame (Reynolds 1999, "A Simple Vehicle Model").
///
/// 3D: forward starts as +Z and up as world +Y; side = cross(forward, up), so a
/// fresh frame's side is -X. Local coordinates are (side, up, forward).
/// 2D: forward starts as +X; side is forward turned +90 degrees (+Y at first).
/// Local coordinates are (side, forward).

#include <limits>
#include <type_traits>

#include <glm/geometric.hpp>

#include "math.hpp"
#include "vector.hpp"

namespace steer {

namespace detail {
struct no_up {
    friend constexpr bool operator==(no_up, no_up) noexcept { return true; }
};
template <vector V, class P>
struct vehicle_lanes;  // apply_forces.hpp: the vehicle model in lanes
}  // namespace detail

/// An orthonormal frame (forward, side and, in 3D, up) placed at a position.
template <vector V>
class local_space {
    using S = scalar_t<V>;
    static constexpr bool is_3d = dimension_v<V> == 3;

public:
    using vector_type = V;  ///< the vector type, e.g. glm::vec3
    using scalar_type = S;  ///< its scalar, float or double

    /// The world frame: forward +Z, up +Y, side -X in 3D; forward +X, side +Y in 2D.
    constexpr local_space() noexcept {
        if constexpr (is_3d) {
            forward_ = V(0, 0, 1);
            up_ = V(0, 1, 0);
            side_ = V(-1, 0, 0);
        } else {
            forward_ = V(1, 0);
            side_ = V(0, 1);
        }
    }

    /// A frame with forward along `forward` (any non-zero length). In 3D, `approximate_up`
    /// is made perpendicular to it; when the two are parallel a perpendicular is chosen.
    [[nodiscard]] static local_space from_forward(const V& position, const V& forward,
                                                  const V& approximate_up = up_hint()) noexcept {
        local_space frame;
        frame.position_ = position;
        frame.reorient(forward, approximate_up);
        return frame;
    }

    /// A frame with the given axes, taken as they are: `forward` and `side` (and `up` in 3D)
    /// must already be orthonormal, as an agent's own frame is.
    [[nodiscard]] static constexpr local_space from_axes(const V& position, const V& forward, const V& side,
                                                         const V& up = up_hint()) noexcept {
        local_space frame;
        frame.position_ = position;
        frame.forward_ = forward;
        frame.side_ = side;
        if constexpr (is_3d) frame.up_ = up;
        return frame;
    }

    /// The frame's origin, world units.
    [[nodiscard]] constexpr const V& position() const noexcept { return position_; }
    /// Unit forward axis (the last local coordinate).
    [[nodiscard]] constexpr const V& forward() const noexcept { return forward_; }
    /// Unit side axis (the first local coordinate).
    [[nodiscard]] constexpr const V& side() const noexcept { return side_; }
    /// Unit up axis (3D only; the second local coordinate).
    [[nodiscard]] constexpr const V& up() const noexcept
        requires is_3d
    {
        return up_;
    }

    /// Moves the origin; the axes stay.
    constexpr void set_position(const V& position) noexcept { position_ = position; }

    /// Turns the frame so that forward points along `forward`; a zero `forward` keeps
    /// the frame. In 3D the new side is cross(forward, approximate_up) and the new up
    /// cross(side, forward): the paper's construction with the sign of up kept right.
    void reorient(const V& forward, const V& approximate_up = up_hint()) noexcept {
        const V new_forward = safe_normalize(forward);
        if (new_forward == V(S(0))) return;
        align_to(new_forward, approximate_up);
    }

    /// `from_forward` for a `unit_forward` that is already of unit length, taken as it is
    /// (not normalized again), so that the frame's forward is exactly the one given.
    [[nodiscard]] static local_space from_unit_forward(const V& position, const V& unit_forward,
                                                       const V& approximate_up = up_hint()) noexcept {
        local_space frame;
        frame.position_ = position;
        frame.align_to(unit_forward, approximate_up);
        return frame;
    }

private:
    /// The rest of `reorient`, for a forward of unit length.
    void align_to(const V& new_forward, const V& approximate_up) noexcept {
        forward_ = new_forward;
        if constexpr (is_3d) {
            // When the hint is (nearly) parallel to forward, or nearly zero, their cross product
            // is mostly rounding noise: keep the old side then. Either way the side is made
            // perpendicular to forward before normalizing, so the frame stays orthonormal.
            constexpr S noise = S(64) * std::numeric_limits<S>::epsilon();
            V new_side = glm::cross(forward_, safe_normalize(approximate_up));
            if (!(length_squared(new_side) > noise * noise)) new_side = side_;
            V projected = perpendicular_component(new_side, forward_);
            // When most of it lay along forward, what rounding left along forward is large
            // next to the rest: a second pass removes it (Gram-Schmidt twice).
            if (length_squared(projected) < S(0.25) * length_squared(new_side))
                projected = perpendicular_component(projected, forward_);
            // Nothing left but rounding (the old side is the new forward, or its reverse):
            // its direction means nothing, so take a fixed perpendicular.
            new_side = length_squared(projected) > noise * noise * length_squared(new_side)
                           ? safe_normalize(projected)
                           : any_perpendicular(forward_);
            side_ = new_side;
            up_ = glm::cross(side_, forward_);
        } else {
            side_ = V(-forward_.y, forward_.x);
        }
    }

public:

    /// World point -> local coordinates (side, up, forward) or (side, forward).
    [[nodiscard]] V localize_point(const V& world) const noexcept { return localize_direction(world - position_); }
    /// Local coordinates -> world point.
    [[nodiscard]] V globalize_point(const V& local) const noexcept { return position_ + globalize_direction(local); }

    /// World direction -> local components; positions do not matter.
    [[nodiscard]] V localize_direction(const V& world) const noexcept {
        if constexpr (is_3d)
            return V(glm::dot(world, side_), glm::dot(world, up_), glm::dot(world, forward_));
        else
            return V(glm::dot(world, side_), glm::dot(world, forward_));
    }
    /// Local components -> world direction.
    [[nodiscard]] V globalize_direction(const V& local) const noexcept {
        if constexpr (is_3d)
            return side_ * local.x + up_ * local.y + forward_ * local.z;
        else
            return side_ * local.x + forward_ * local.y;
    }

    /// Exact equality of origin and axes.
    friend bool operator==(const local_space&, const local_space&) = default;

private:
    template <vector, class>
    friend struct detail::vehicle_lanes;

    [[nodiscard]] static constexpr V up_hint() noexcept {
        if constexpr (is_3d) return V(0, 1, 0);
        else return V(0, 0);
    }
    [[nodiscard]] static V any_perpendicular(const V& unit) noexcept {
        const V axis = std::abs(unit.x) < S(0.9) ? V(1, 0, 0) : V(0, 1, 0);
        return safe_normalize(glm::cross(unit, axis));
    }

    V position_{};
    V forward_{};
    V side_{};
    [[no_unique_address]] std::conditional_t<is_3d, V, detail::no_up> up_{};
};

}  // namespace steer

#endif  // STEER_LOCAL_SPACE_HPP
