#ifndef STEER_CROWD_APPLY_FORCES_HPP
#define STEER_CROWD_APPLY_FORCES_HPP

/// @file
/// The simple vehicle model (Reynolds 1999, "A Simple Vehicle Model") stepped for many
/// vehicles at once: `apply_forces` gives every vehicle exactly what `vehicle::apply_force`
/// would, bit for bit, with several vehicles per instruction. The integration is a chain
/// of truncations and normalizations whose square roots and divisions wait on each other;
/// done in lanes, a step of a big crowd costs a fraction of the vehicle-by-vehicle loop.

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

#include "../detail/expect.hpp"
#include "../detail/portable_math.hpp"
#include "../detail/invoke.hpp"
#include "../detail/ranges.hpp"
#include "../detail/simd.hpp"
#include "../error.hpp"
#include "../math.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"

namespace steer {

namespace detail {

/// `vehicle::apply_force` (`step`) and `vehicle::set_velocity` (`assign`) in lanes of the
/// pack backend `P`. Each chunk of vehicles is copied into arrays (one per component),
/// computed a pack at a time with the very operations the vehicle performs, in the same
/// order (so IEEE arithmetic gives the same bits), and copied back. The lanes take only the
/// common path: no banking (for `step`), squares neither overflowing nor underflowing, a
/// frame that needs no repair (acceleration smoothing is fine: its exponential is computed
/// when staging). Every other vehicle (rare in a flock) goes through the vehicle's own call.
template <vector V, class P = simd::native_pack<scalar_t<V>>>
struct vehicle_lanes {
    using S = scalar_t<V>;
    using pack = typename P::pack;
    using mask = typename P::mask;
    static constexpr int D = dimension_v<V>;
    static constexpr std::size_t W = P::width;
    /// Vehicles staged at a time: a few kilobytes of arrays, which stay in L1.
    static constexpr std::size_t chunk = 64;
    static_assert(chunk % W == 0, "a chunk holds whole packs");

    /// One chunk of vehicles, a component per array.
    struct staged {
        S steering[std::size_t{D}][chunk];
        S position[std::size_t{D}][chunk];
        S velocity[std::size_t{D}][chunk];
        S acceleration[std::size_t{D}][chunk];
        S forward[std::size_t{D}][chunk];
        S side[std::size_t{D}][chunk];
        S up[std::size_t{D}][chunk];  // 3D only
        S speed[chunk];
        S mass[chunk];
        S max_force[chunk];
        S max_speed[chunk];
        S plain[chunk];   // 1: no banking (the lanes do not roll into turns)
        S smooth[chunk];  // 1: acceleration smoothing on
        S blend[chunk];   // with smoothing: 1 - exp(-dt / smoothing), as apply_force computes it
        S radius[chunk];     // staged by fours only, to be written back as it was
        S smoothing[chunk];  // likewise
    };

    /// The scalars at the front of a vehicle that a step reads or writes, in its declared
    /// order: position, forward, side, (up,) velocity, acceleration, speed, mass, radius,
    /// max_force, max_speed, smoothing.
    static constexpr std::size_t leading = D == 3 ? 24 : 16;

    /// Whether those scalars lie one after the other from the vehicle's first byte (float,
    /// a plain layout): then four vehicles are staged at once by transposing blocks of four
    /// scalars, instead of one scalar at a time (a third of a flock's move).
    static constexpr bool by_fours = [] {
#if STEER_DETAIL_HAS_VECTOR_EXTENSIONS
        using vehicle_type = vehicle<V>;
        using frame = steer::local_space<V>;
        if constexpr (std::is_same_v<S, float> && std::is_standard_layout_v<vehicle_type> &&
                      std::is_standard_layout_v<frame> && std::is_trivially_copyable_v<vehicle_type>) {
            constexpr std::size_t s = sizeof(S), axes = D == 3 ? 4 : 3, after = (axes + 2) * D;
            bool packed = offsetof(vehicle_type, frame_) == 0 && offsetof(frame, position_) == 0 &&
                          offsetof(frame, forward_) == D * s && offsetof(frame, side_) == 2 * D * s &&
                          offsetof(vehicle_type, velocity_) == axes * D * s &&
                          offsetof(vehicle_type, acceleration_) == (axes + 1) * D * s &&
                          offsetof(vehicle_type, speed_) == after * s && offsetof(vehicle_type, mass_) == (after + 1) * s &&
                          offsetof(vehicle_type, radius_) == (after + 2) * s &&
                          offsetof(vehicle_type, max_force_) == (after + 3) * s &&
                          offsetof(vehicle_type, max_speed_) == (after + 4) * s &&
                          offsetof(vehicle_type, smoothing_) == (after + 5) * s && after + 6 == leading &&
                          sizeof(vehicle_type) >= leading * s;
            if constexpr (D == 3) packed = packed && offsetof(frame, up_) == 3 * D * s;
            return packed;
        }
#endif
        return false;
    }();

    /// Steps `count` vehicles by `dt` (> 0, finite): vehicle i is `source(i)` (a `const
    /// vehicle<V>&`), steered by `steering[i]` (finite); the result goes to `target(i)` (a
    /// `vehicle<V>&`: the same vehicle to step in place, or another to write a stepped copy).
    template <class Source, class Target>
    static void step(Source&& source, Target&& target, const V* steering, std::size_t count, S dt) {
        // The native lanes: AVX's where chosen at run time (the same bits).
        if constexpr (std::is_same_v<P, simd::native_pack<S>>)
            if (simd::run_in_wider_lanes<S>([&]<class Wide>() {
                    vehicle_lanes<V, Wide>::step(source, target, steering, count, dt);
                }))
                return;
        staged lanes;
        S* rows[leading];
        leading_rows(lanes, rows);
        blend_memo memo;
        const pack time = P::broadcast(dt);
        for (std::size_t first = 0; first < count; first += chunk) {
            const std::size_t n = std::min(chunk, count - first);
            std::size_t i = stage_by_fours(rows, source, first, n, [&](std::size_t k, const vehicle<V>& v) {
                stage_rest(lanes, k, v, steering[first + k], dt, memo);
            });
            for (; i < n; ++i) stage(lanes, i, source(first + i), steering[first + i], dt, memo);
            stage_padding(lanes, n);
            unsigned done[chunk / W];
            for (std::size_t j = 0; j < n; j += W) done[j / W] = step_lanes(lanes, j, time);
            // Lane i of the chunk was stepped exactly.
            const auto stepped = [&](std::size_t k) { return (done[k / W] >> (k % W) & 1u) != 0; };
            // Lane k to its vehicle: a copy (unless stepped in place), then the staged
            // result, or the vehicle's own step where the lanes left it.
            const auto finish = [&](std::size_t k) {
                const vehicle<V>& from = source(first + k);
                vehicle<V>& v = target(first + k);
                if (&v != &from) v = from;
                if (stepped(k)) unstage(lanes, k, v);
                else v.apply_force(steering[first + k], dt);
            };
            i = 0;
            if constexpr (by_fours)
                for (; i + 4 <= n; i += 4) {
                    if (!(stepped(i) && stepped(i + 1) && stepped(i + 2) && stepped(i + 3))) {
                        for (std::size_t l = 0; l < 4; ++l) finish(i + l);
                        continue;
                    }
                    vehicle<V>* four[4];
                    for (std::size_t l = 0; l < 4; ++l) {
                        const vehicle<V>& from = source(first + i + l);
                        four[l] = &target(first + i + l);
                        if (four[l] != &from) copy_trailing(from, *four[l]);  // the leading scalars follow
                    }
                    unstage_four(rows, i, four);
                }
            for (; i < n; ++i) finish(i);
        }
    }

    /// Sets the velocities of `count` vehicles in place, as `vehicle::set_velocity`: vehicle i
    /// is `at(i)` (a `vehicle<V>&`) and gets `velocities[i]` (finite).
    template <class At>
    static void assign(At&& at, const V* velocities, std::size_t count) {
        // The native lanes: AVX's where chosen at run time (the same bits).
        if constexpr (std::is_same_v<P, simd::native_pack<S>>)
            if (simd::run_in_wider_lanes<S>([&]<class Wide>() { vehicle_lanes<V, Wide>::assign(at, velocities, count); }))
                return;
        staged lanes;
        S* rows[leading];
        leading_rows(lanes, rows);
        for (std::size_t first = 0; first < count; first += chunk) {
            const std::size_t n = std::min(chunk, count - first);
            std::size_t i = stage_by_fours(rows, at, first, n, [&](std::size_t k, const vehicle<V>&) {
                for (int d = 0; d < D; ++d) lanes.velocity[d][k] = velocities[first + k][d];
            });
            for (; i < n; ++i) stage_assign(lanes, i, at(first + i), velocities[first + i]);
            stage_padding(lanes, n);
            unsigned done[chunk / W];
            for (std::size_t j = 0; j < n; j += W) done[j / W] = assign_lanes(lanes, j);
            const auto assigned = [&](std::size_t k) { return (done[k / W] >> (k % W) & 1u) != 0; };
            const auto finish = [&](std::size_t k) {
                vehicle<V>& v = at(first + k);
                if (assigned(k)) unstage_assign(lanes, k, v);
                else v.set_velocity(velocities[first + k]);
            };
            i = 0;
            if constexpr (by_fours)
                for (; i + 4 <= n; i += 4) {
                    if (assigned(i) && assigned(i + 1) && assigned(i + 2) && assigned(i + 3)) {
                        // (what setting a velocity leaves alone goes back as it was staged)
                        vehicle<V>* four[4];
                        four_of(at, first + i, four);
                        unstage_four(rows, i, four);
                    } else {
                        for (std::size_t l = 0; l < 4; ++l) finish(i + l);
                    }
                }
            for (; i < n; ++i) finish(i);
        }
    }

private:
    /// Stages the leading scalars of the chunk's vehicles `at(first + k)` four at a time
    /// (`by_fours`), calling `each(k, vehicle)` for each for the rest; returns how many it
    /// staged (the others are staged one by one).
    template <class At, class Each>
    static std::size_t stage_by_fours([[maybe_unused]] S* const (&rows)[leading], [[maybe_unused]] At& at,
                                      [[maybe_unused]] std::size_t first, [[maybe_unused]] std::size_t n,
                                      [[maybe_unused]] Each&& each) {
        std::size_t i = 0;
        if constexpr (by_fours)
            for (; i + 4 <= n; i += 4) {
                const vehicle<V>* four[4];
                four_of(at, first + i, four);
                stage_four(rows, i, four);
                for (std::size_t l = 0; l < 4; ++l) each(i + l, *four[l]);
            }
        return i;
    }

    /// The vehicles `at(first)` to `at(first + 3)`.
    template <class At, class Vehicle>
    static void four_of(At& at, std::size_t first, Vehicle* (&four)[4]) {
        for (std::size_t l = 0; l < 4; ++l) four[l] = &at(first + l);
    }

    /// The last smoothing time constant staged and its blend: a crowd usually shares one
    /// (the blend is then computed once, with the same bits).
    struct blend_memo {
        S smoothing = S(-1);
        S blend = S(0);
    };

    static void stage(staged& s, std::size_t i, const vehicle<V>& v, const V& steering, S dt,
                      blend_memo& memo) noexcept {
        for (int d = 0; d < D; ++d) {
            s.acceleration[d][i] = v.acceleration_[d];
            s.position[d][i] = v.frame_.position_[d];
            s.velocity[d][i] = v.velocity_[d];
            s.forward[d][i] = v.frame_.forward_[d];
            s.side[d][i] = v.frame_.side_[d];
            if constexpr (D == 3) s.up[d][i] = v.frame_.up_[d];
        }
        s.mass[i] = v.mass_;
        s.max_force[i] = v.max_force_;
        s.max_speed[i] = v.max_speed_;
        stage_rest(s, i, v, steering, dt, memo);
    }

    /// The array each of the `leading` scalars is staged in, in their order (the rows the
    /// four-at-a-time staging writes and reads).
    static void leading_rows(staged& s, S* (&row)[leading]) noexcept {
        std::size_t f = 0;
        const auto vector_rows = [&](S (&rows)[std::size_t{D}][chunk]) {
            for (int d = 0; d < D; ++d) row[f++] = rows[d];
        };
        vector_rows(s.position);
        vector_rows(s.forward);
        vector_rows(s.side);
        if constexpr (D == 3) vector_rows(s.up);
        vector_rows(s.velocity);
        vector_rows(s.acceleration);
        for (S* scalar : {s.speed, s.mass, s.radius, s.max_force, s.max_speed, s.smoothing}) row[f++] = scalar;
    }

#if STEER_DETAIL_HAS_VECTOR_EXTENSIONS
    /// Four scalars of a vehicle (or of a lane) as one vector (`by_fours` is for float).
    typedef float pack4 __attribute__((vector_size(16)));

    /// Rows of four to columns: out[c][r] = in[r][c].
    static void transpose(const pack4 (&in)[4], pack4 (&out)[4]) noexcept {
        const pack4 low01 = __builtin_shufflevector(in[0], in[1], 0, 4, 1, 5);
        const pack4 low23 = __builtin_shufflevector(in[2], in[3], 0, 4, 1, 5);
        const pack4 high01 = __builtin_shufflevector(in[0], in[1], 2, 6, 3, 7);
        const pack4 high23 = __builtin_shufflevector(in[2], in[3], 2, 6, 3, 7);
        out[0] = __builtin_shufflevector(low01, low23, 0, 1, 4, 5);
        out[1] = __builtin_shufflevector(low01, low23, 2, 3, 6, 7);
        out[2] = __builtin_shufflevector(high01, high23, 0, 1, 4, 5);
        out[3] = __builtin_shufflevector(high01, high23, 2, 3, 6, 7);
    }

    /// Stages the leading scalars of four vehicles into lanes `i` to `i + 3` (`by_fours`):
    /// each block of four scalars of the four vehicles, transposed.
    static void stage_four(S* const (&row)[leading], std::size_t i, const vehicle<V>* const (&v)[4]) noexcept {
        for (std::size_t b = 0; b < leading; b += 4) {
            pack4 in[4];
            for (std::size_t l = 0; l < 4; ++l)
                std::memcpy(&in[l], reinterpret_cast<const unsigned char*>(v[l]) + b * sizeof(S), sizeof(pack4));
            pack4 out[4];
            transpose(in, out);
            for (std::size_t c = 0; c < 4; ++c) std::memcpy(row[b + c] + i, &out[c], sizeof(pack4));
        }
    }

    /// Writes lanes `i` to `i + 3` back into the leading scalars of four vehicles: the
    /// transposition of `stage_four` (the scalars a step leaves alone go back as they were).
    static void unstage_four(S* const (&row)[leading], std::size_t i, vehicle<V>* const (&v)[4]) noexcept {
        for (std::size_t b = 0; b < leading; b += 4) {
            pack4 in[4];
            for (std::size_t c = 0; c < 4; ++c) std::memcpy(&in[c], row[b + c] + i, sizeof(pack4));
            pack4 out[4];
            transpose(in, out);
            for (std::size_t l = 0; l < 4; ++l)
                std::memcpy(reinterpret_cast<unsigned char*>(v[l]) + b * sizeof(S), &out[l], sizeof(pack4));
        }
    }

    /// Copies what follows the leading scalars (`unstage_four` writes those).
    static void copy_trailing(const vehicle<V>& from, vehicle<V>& to) noexcept {
        constexpr std::size_t skip = leading * sizeof(S);
        std::memcpy(reinterpret_cast<unsigned char*>(&to) + skip, reinterpret_cast<const unsigned char*>(&from) + skip,
                    sizeof(vehicle<V>) - skip);
    }
#else
    static void copy_trailing(const vehicle<V>&, vehicle<V>&) noexcept {}
    static void stage_four(S* const (&)[leading], std::size_t, const vehicle<V>* const (&)[4]) noexcept {}
    static void unstage_four(S* const (&)[leading], std::size_t, vehicle<V>* const (&)[4]) noexcept {}
#endif

    /// What staging a vehicle takes besides its leading scalars: its steering, whether it
    /// banks, its smoothing.
    static void stage_rest(staged& s, std::size_t i, const vehicle<V>& v, const V& steering, S dt,
                           blend_memo& memo) noexcept {
        for (int d = 0; d < D; ++d) s.steering[d][i] = steering[d];
        s.plain[i] = D == 2 || !v.banking_ ? S(1) : S(0);
        s.smooth[i] = v.smoothing_ > S(0) ? S(1) : S(0);
        // The exponential has no lane form: computed here with apply_force's expression.
        if (v.smoothing_ > S(0) && v.smoothing_ != memo.smoothing) {
            memo.smoothing = v.smoothing_;
            memo.blend = S(1) - detail::portable_exp(-dt / v.smoothing_);
        }
        s.blend[i] = v.smoothing_ > S(0) ? memo.blend : S(0);
    }

    /// Stages a vehicle for `assign_lanes`: its frame's axes and limit, and the new velocity
    /// in place of its own (not its position or acceleration, which setting a velocity keeps).
    static void stage_assign(staged& s, std::size_t i, const vehicle<V>& v, const V& velocity) noexcept {
        for (int d = 0; d < D; ++d) {
            s.velocity[d][i] = velocity[d];
            s.forward[d][i] = v.frame_.forward_[d];
            s.side[d][i] = v.frame_.side_[d];
            if constexpr (D == 3) s.up[d][i] = v.frame_.up_[d];
        }
        s.max_speed[i] = v.max_speed_;
    }

    /// The lanes past the last of `n` vehicles: harmless values, results ignored.
    static void stage_padding(staged& s, std::size_t n) noexcept {
        for (std::size_t i = n; i < (n + W - 1) / W * W; ++i) {
            for (int d = 0; d < D; ++d)
                s.steering[d][i] = s.position[d][i] = s.velocity[d][i] = s.forward[d][i] = s.side[d][i] =
                    s.up[d][i] = S(0);
            s.mass[i] = s.max_force[i] = s.max_speed[i] = S(1);
            s.plain[i] = s.smooth[i] = s.blend[i] = S(0);
            for (int d = 0; d < D; ++d) s.acceleration[d][i] = S(0);
        }
    }

    static void unstage(const staged& s, std::size_t i, vehicle<V>& v) noexcept {
        for (int d = 0; d < D; ++d) {
            v.frame_.position_[d] = s.position[d][i];
            v.velocity_[d] = s.velocity[d][i];
            v.acceleration_[d] = s.acceleration[d][i];
            v.frame_.forward_[d] = s.forward[d][i];
            v.frame_.side_[d] = s.side[d][i];
            if constexpr (D == 3) v.frame_.up_[d] = s.up[d][i];
        }
        v.speed_ = s.speed[i];
    }

    /// What `assign_lanes` changed: velocity, speed and the frame's axes.
    static void unstage_assign(const staged& s, std::size_t i, vehicle<V>& v) noexcept {
        for (int d = 0; d < D; ++d) {
            v.velocity_[d] = s.velocity[d][i];
            v.frame_.forward_[d] = s.forward[d][i];
            v.frame_.side_[d] = s.side[d][i];
            if constexpr (D == 3) v.frame_.up_[d] = s.up[d][i];
        }
        v.speed_ = s.speed[i];
    }

    template <std::size_t N>
    static void load(pack (&out)[N], const S (&in)[N][chunk], std::size_t j) noexcept {
        for (std::size_t d = 0; d < N; ++d) out[d] = P::load(in[d] + j);
    }
    template <std::size_t N>
    static void store(S (&out)[N][chunk], const pack (&in)[N], std::size_t j) noexcept {
        for (std::size_t d = 0; d < N; ++d) std::memcpy(out[d] + j, &in[d], sizeof(pack));
    }
    /// glm::dot's order: (x*x' + y*y') + z*z'.
    static pack dot(const pack (&a)[std::size_t{D}], const pack (&b)[std::size_t{D}]) noexcept {
        pack sum = a[0] * b[0];
        for (int d = 1; d < D; ++d) sum = sum + a[d] * b[d];
        return sum;
    }
    /// glm::cross.
    static void cross(pack (&out)[3], const pack (&a)[3], const pack (&b)[3]) noexcept {
        out[0] = a[1] * b[2] - b[1] * a[2];
        out[1] = a[2] * b[0] - b[2] * a[0];
        out[2] = a[0] * b[1] - b[0] * a[1];
    }
    static mask all_zero(const pack (&a)[std::size_t{D}]) noexcept {
        mask zero = a[0] == P::zero();
        for (int d = 1; d < D; ++d) zero = zero & (a[d] == P::zero());
        return zero;
    }
    /// The square's range where `truncate`, `safe_length` and `safe_normalize` take their
    /// plain branch (no overflow, no underflow).
    static mask plain_square(const pack& squared) noexcept {
        return (squared >= P::broadcast(std::numeric_limits<S>::min())) &
               (squared <= P::broadcast(std::numeric_limits<S>::max()));
    }
    /// `truncate(v, max_length)` where `fine` (its plain branch, or a zero vector, which it
    /// returns as it is); clears `fine` in the lanes that need its careful branch.
    static void truncate_lanes(pack (&v)[std::size_t{D}], const pack& max_length, mask& fine) noexcept {
        const pack squared = dot(v, v);
        const pack limit = max_length * max_length;
        const mask plain = plain_square(squared) & (limit <= P::broadcast(std::numeric_limits<S>::max()));
        fine = fine & (plain | all_zero(v));
        const mask longer = plain & ~(squared <= limit);
        const pack scale = max_length / P::sqrt(P::max(squared, P::broadcast(std::numeric_limits<S>::min())));
        // A denormal ratio: truncate scales the unit vector instead (its careful branch).
        fine = fine & ~(longer & (scale < P::broadcast(std::numeric_limits<S>::min())));
        for (int d = 0; d < D; ++d) v[d] = P::select(longer, v[d] * scale, v[d]);
    }

    /// `apply_force` for the W vehicles staged from lane `j`; returns the bits of the lanes
    /// it stepped exactly (the others are left for `apply_force`).
    static unsigned step_lanes(staged& s, std::size_t j, const pack& dt) noexcept {
        const pack one = P::broadcast(S(1));
        mask fine = P::load(s.plain + j) == one;

        // force = truncate(steering, max_force); acceleration = force / mass
        pack acceleration[std::size_t{D}];
        load(acceleration, s.steering, j);
        truncate_lanes(acceleration, P::load(s.max_force + j), fine);
        const pack mass = P::load(s.mass + j);
        for (int d = 0; d < D; ++d) acceleration[d] = acceleration[d] / mass;
        // Smoothing: acceleration += (raw - acceleration) * blend.
        const mask smooth = P::load(s.smooth + j) == one;
        const pack blend = P::load(s.blend + j);
        for (int d = 0; d < D; ++d) {
            const pack old = P::load(s.acceleration[d] + j);
            acceleration[d] = P::select(smooth, old + (acceleration[d] - old) * blend, acceleration[d]);
        }
        store(s.acceleration, acceleration, j);

        // velocity = truncate(velocity + acceleration dt, max_speed); speed = safe_length
        pack velocity[std::size_t{D}];
        load(velocity, s.velocity, j);
        for (int d = 0; d < D; ++d) velocity[d] = velocity[d] + acceleration[d] * dt;
        truncate_lanes(velocity, P::load(s.max_speed + j), fine);
        // position += velocity dt
        pack position[std::size_t{D}];
        load(position, s.position, j);
        for (int d = 0; d < D; ++d) position[d] = position[d] + velocity[d] * dt;
        store(s.position, position, j);

        align_lanes(s, j, velocity, fine);
        return P::bits(fine);
    }

    /// `vehicle::set_velocity` for the W vehicles staged from lane `j`, whose new velocities
    /// are staged in place of their old ones; returns the bits of the lanes it set exactly.
    static unsigned assign_lanes(staged& s, std::size_t j) noexcept {
        mask fine = P::broadcast_mask(true);  // set_velocity's hint is the current up, banking or not
        pack velocity[std::size_t{D}];
        load(velocity, s.velocity, j);
        truncate_lanes(velocity, P::load(s.max_speed + j), fine);
        align_lanes(s, j, velocity, fine);
        return P::bits(fine);
    }

    /// The end of both: speed = safe_length(velocity), then local_space::reorient(velocity,
    /// up) where moving (the staged up is the hint: the old up, as without banking); stores
    /// velocity, speed and frame. Clears `fine` in the lanes that need the careful branches.
    static void align_lanes(staged& s, std::size_t j, const pack (&velocity)[std::size_t{D}], mask& fine) noexcept {
        const pack one = P::broadcast(S(1));
        const pack squared_speed = dot(velocity, velocity);
        const mask moving = plain_square(squared_speed);
        fine = fine & (moving | all_zero(velocity));
        const pack speed = P::select(moving, P::sqrt(squared_speed));
        store(s.velocity, velocity, j);
        std::memcpy(s.speed + j, &speed, sizeof(pack));

        // local_space::reorient(velocity, up) where moving; at rest the frame stays.
        const pack divisor = P::select(moving, speed, one);
        pack forward[std::size_t{D}], side[std::size_t{D}];
        for (int d = 0; d < D; ++d) forward[d] = velocity[d] / divisor;  // safe_normalize
        if constexpr (D == 2) {
            side[0] = -forward[1];
            side[1] = forward[0];
        } else {
            pack up[3], hint[3], projected[3];
            load(up, s.up, j);
            const pack squared_up = dot(up, up);
            const mask plain_up = plain_square(squared_up);
            const pack up_length = P::sqrt(P::select(plain_up, squared_up, one));
            for (int d = 0; d < 3; ++d) hint[d] = up[d] / up_length;  // safe_normalize
            cross(side, forward, hint);
            const pack squared_side = dot(side, side);
            const pack along = dot(side, forward);
            for (int d = 0; d < 3; ++d) projected[d] = side[d] - forward[d] * along;
            const pack squared_projected = dot(projected, projected);
            // reorient's repairs (a hint along forward, a second Gram-Schmidt pass, a fixed
            // perpendicular) and safe_normalize's careful branch are left to apply_force.
            constexpr S noise = S(64) * std::numeric_limits<S>::epsilon();
            const pack noise_squared = P::broadcast(noise * noise);
            const mask regular = plain_up & (squared_side > noise_squared) &
                                 ~(squared_projected < P::broadcast(S(0.25)) * squared_side) &
                                 (squared_projected > noise_squared * squared_side) &
                                 plain_square(squared_projected);
            fine = fine & (regular | ~moving);
            const pack projected_length = P::sqrt(P::select(regular, squared_projected, one));
            for (int d = 0; d < 3; ++d) side[d] = projected[d] / projected_length;  // safe_normalize
            cross(up, side, forward);
            for (int d = 0; d < 3; ++d) up[d] = P::select(moving, up[d], P::load(s.up[d] + j));
            store(s.up, up, j);
        }
        for (int d = 0; d < D; ++d) {
            forward[d] = P::select(moving, forward[d], P::load(s.forward[d] + j));
            side[d] = P::select(moving, side[d], P::load(s.side[d] + j));
        }
        store(s.forward, forward, j);
        store(s.side, side, j);
    }
};

/// The front both crowd calls share: refuses `values` unless it has one value per vehicle,
/// and each non-finite value (naming it as `name[i]`; a hot-path fault of kind `Site`, which
/// the clamp policy replaces by zero), then calls `run(at, array, count)` with `at(i)` the
/// i-th vehicle of that call and `array` its values, once when `values` is contiguous (and
/// nothing was replaced), else a chunk at a time from a copy (the lanes read values from an
/// array).
/// Reports the non-finite value `parameter` of a crowd call (a hot-path fault of kind
/// `Site`); answers whether to read it as zero (the clamp policy).
template <class Site, vector V>
STEER_DETAIL_COLD bool faulty_value(const char* where, const std::string& parameter, const V& value,
                                    const source_location& caller) {
    return hot_path_fault<Site>(
        refusal(describe_vector(where, parameter, "finite", value), rule(parameter, "finite"), caller));
}

template <class Site, class V, class Entities, class Values, class Proj, class Run>
void for_crowd(Entities& vehicles, const Values& values, Proj& proj, const char* where, const char* name,
               const char* value, const char* values_word, const source_location& caller, Run&& run) {
    const std::size_t count = std::ranges::size(vehicles);
    expect_that(std::ranges::size(values) == count, std::string(name) + " must have one " + value + " per vehicle", [&] {
        return std::string(where) + ": " + name + " must have one " + value + " per vehicle (got " +
               format_value(std::ranges::size(values)) + " " + values_word + " for " + format_value(count) + " vehicles)";
    }, caller);
    const auto given = std::ranges::begin(values);
    const auto value_at = [&](std::size_t i) -> const V& {
        return given[static_cast<detail::range_difference_t<Values>>(i)];
    };
    bool replaced = false;  // under the clamp policy: some values are read as zero
    for (std::size_t i = 0; i < count; ++i)
        if (!is_finite(value_at(i))) [[unlikely]]
            replaced =
                faulty_value<Site>(where, std::string(name) + "[" + format_value(i) + "]", value_at(i), caller) ||
                replaced;
    const auto first = std::ranges::begin(vehicles);
    const auto at = [&](std::size_t i) -> vehicle<V>& {
        return detail::invoke(proj, first[static_cast<detail::range_difference_t<Entities>>(i)]);
    };
    if constexpr (detail::contiguous_range<Values>) {
        if (!replaced) {
            run(at, std::ranges::data(values), count);
            return;
        }
    }
    constexpr std::size_t chunk = vehicle_lanes<V>::chunk;
    V buffer[chunk];
    for (std::size_t begin = 0; begin < count; begin += chunk) {
        const std::size_t n = std::min(chunk, count - begin);
        for (std::size_t i = 0; i < n; ++i) {
            buffer[i] = value_at(begin + i);
            if (replaced && !is_finite(buffer[i])) buffer[i] = V(scalar_t<V>(0));
        }
        run([&](std::size_t i) -> vehicle<V>& { return at(begin + i); }, buffer, n);
    }
}

}  // namespace detail

/// What `apply_forces` and `set_velocities` take: `Entities`, a sized random-access range whose
/// elements `Proj` turns into `vehicle<V>&`, and `Values`, a sized random-access range of
/// that `V` (forces or velocities), one per vehicle.
template <class Entities, class Values, class Proj>
concept vehicle_crowd =
    detail::random_access_range<Entities> && detail::sized_range<Entities> &&
    detail::random_access_range<Values> && detail::sized_range<Values> &&
    vector<detail::range_value_t<Values>> &&
    std::same_as<std::invoke_result_t<Proj&, detail::range_reference_t<Entities>>,
                 vehicle<detail::range_value_t<Values>>&>;

/// Steps every vehicle of `vehicles` by `dt` seconds with the steering force of the same
/// index in `steering`: the same result, bit for bit, as calling
/// `vehicles[i].apply_force(steering[i], dt)` for each `i` in order, several vehicles per
/// instruction (see `vehicle::apply_force` for the model). For crowds: every force
/// computed first, then one call moves everyone.
///
/// `vehicles` is any random-access range; `proj` picks the vehicle out of each element
/// (`proj(element)`, or `element.*proj` for a member pointer, must give a `vehicle<V>&`), for vehicles kept inside your
/// own structs: `apply_forces(characters, forces, dt, &character::motion)`. `steering` is a
/// random-access range of `V`.
/// Refused before anybody moves: a negative or non-finite `dt`, ranges of different sizes,
/// a non-finite steering force (named by its index). The hot-path policy applies to `dt`
/// and the forces: under STEER_HOT_PATH_CLAMP a bad `dt` is zero (nobody moves) and a bad
/// force is zero (that vehicle coasts), as `apply_force` would take them.
template <class Entities, class Forces, class Proj = detail::identity,
          class Lanes = detail::simd::native_pack<scalar_t<detail::range_value_t<Forces>>>>
    requires vehicle_crowd<Entities, Forces, Proj>
void apply_forces(Entities&& vehicles, const Forces& steering, scalar_t<detail::range_value_t<Forces>> dt,
                  Proj proj = {}, source_location caller = source_location::current()) {
    using V = detail::range_value_t<Forces>;
    using S = scalar_t<V>;
    constexpr auto where = "steer::apply_forces";
    dt = detail::non_negative_or_zero<detail::hot_path::apply_forces_dt>(where, "dt", dt, caller);
    detail::for_crowd<detail::hot_path::apply_forces_steering, V>(
        vehicles, steering, proj, where, "steering", "force", "forces", caller,
        [dt](auto&& at, const V* forces, std::size_t count) {
            if (dt > S(0)) detail::vehicle_lanes<V, Lanes>::step(at, at, forces, count, dt);
            // dt = 0: nothing moves, as with apply_force
        });
}

/// Sets the velocity of every vehicle of `vehicles` to the one of the same index in
/// `velocities`: the same result, bit for bit, as `vehicles[i].set_velocity(velocities[i])`
/// for each `i` (truncated to max_speed; a non-zero velocity re-aligns the frame, whose up
/// stays the hint), several vehicles per instruction. For constraints applied to a crowd
/// after it moves, such as keeping walkers' velocities tangent to the ground. Ranges and
/// `proj` as for `apply_forces`. Refused before any vehicle changes: ranges of different
/// sizes, a non-finite velocity (named by its index; hot path: under STEER_HOT_PATH_CLAMP, zero).
template <class Entities, class Velocities, class Proj = detail::identity,
          class Lanes = detail::simd::native_pack<scalar_t<detail::range_value_t<Velocities>>>>
    requires vehicle_crowd<Entities, Velocities, Proj>
void set_velocities(Entities&& vehicles, const Velocities& velocities, Proj proj = {},
                    source_location caller = source_location::current()) {
    using V = detail::range_value_t<Velocities>;
    detail::for_crowd<detail::hot_path::set_velocities_velocity, V>(
        vehicles, velocities, proj, "steer::set_velocities", "velocities", "velocity", "velocities", caller,
        [](auto&& at, const V* given, std::size_t count) { detail::vehicle_lanes<V, Lanes>::assign(at, given, count); });
}

}  // namespace steer

#endif  // STEER_CROWD_APPLY_FORCES_HPP
