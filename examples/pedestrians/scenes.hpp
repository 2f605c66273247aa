#ifndef STEER_EXAMPLES_PEDESTRIANS_SCENES_HPP
#define STEER_EXAMPLES_PEDESTRIANS_SCENES_HPP

/// @file
/// People, not particles: reciprocal avoidance with human-sized agents in the two experiments
/// crowd models are judged by, beside what was measured with people.
///   - bottleneck: 150 people leave a waiting area 8 m wide through an exit in a wall; the
///     specific flow through it (persons per metre of width per second), against the 1.6 to
///     2.0 measured for exits 0.8 to 2.5 m wide (Seyfried et al. 2009; Kretz et al. 2006);
///   - corridor: people walking one way round a corridor 4 m wide and 20 m long (its ends
///     joined), at a given density; their mean speed against Weidmann's fundamental diagram
///     (1993: 1.34 m/s free, falling to zero at 5.4 persons per square metre).
/// The people: radius 0.22 m, preferred speeds drawn about 1.34 m/s (Weidmann's spread,
/// 0.26), max speed 1.6, max_force 16 (full speed from rest in a tenth of a second), 60 Hz,
/// `reciprocal_avoidance` over the others within 3 m, tuned for people (see `avoidance`), walls
/// as boxes and planes.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include <steer/steer.hpp>

namespace pedestrians {

using vec = glm::vec2;

inline constexpr float radius = 0.22f;
inline constexpr float dt = 1.0f / 60;
inline constexpr float looking = 3;  // how far neighbors are gathered, m

/// A walker and the speed it would walk at alone.
struct person {
    steer::vehicle2 body;
    float preferred_speed;
};

/// A preferred speed about 1.34 m/s with Weidmann's spread of 0.26 (the sum of twelve uniform
/// draws is close to normal), kept within 0.8 and the top speed 1.6.
inline float preferred_speed(steer::rng& gen) {
    float sum = 0;
    for (int i = 0; i < 12; ++i) sum += steer::uniform01<float>(gen);
    return std::clamp(1.34f + 0.26f * (sum - 6), 0.8f, 1.6f);
}

inline steer::vehicle2 body_at(const vec& at) {
    return steer::vehicle2({.position = at, .radius = radius, .max_force = 16, .max_speed = 1.6f});
}

/// Reciprocal avoidance tuned for people: the 10 nearest; walls avoided 0.3 s ahead, so that
/// people brush past door frames as people do (the default 1 s keeps them off the frame and
/// narrows every exit); room ahead that grows with speed, a quarter of a second of it, so
/// that a thickening crowd slows down; nobody hurried along faster than they want; and,
/// pressed from every side, shorter horizons rather than a standstill (without, a corridor at
/// 3 persons/m² moves at 0.23 m/s against Weidmann's 0.33).
/// `--tuning defaults`: the library's defaults but the 10 nearest.
inline steer::reciprocal_avoidance_params<vec> avoidance(bool people) {
    if (!people) return {.max_neighbors = 10};
    return {.obstacle_time_horizon = 0.3f,
            .max_neighbors = 10,
            .time_headway = 0.25f,
            .keep_to_preferred_speed = true,
            .shorten_horizons_when_blocked = true};
}

/// The others within `looking` of `self`, from a lattice of everyone (and, in the corridor, the
/// copies that stand in for people across its joined ends).
inline void gather(const steer::bin_lattice<vec, const steer::vehicle2*>& lattice, const steer::vehicle2& self,
            std::vector<const steer::vehicle2*>& out) {
    out.clear();
    lattice.for_each_within(self.position(), looking, [&](const steer::vehicle2* other, float) {
        if (other != &self) out.push_back(other);
    });
}

// --- bottleneck ------------------------------------------------------------------------

/// What a bottleneck run measured.
struct bottleneck_figures {
    int people = 0;
    int through = 0;           ///< people who went through the exit within 180 s
    double last = 0;           ///< when the last of them did, s
    double specific_flow = 0;  ///< persons per metre of width per second (see `bottleneck`)
};

/// The specific flow through an exit `width` m wide: persons per metre per second between
/// the passage of the fifth and of the last fifth of the crowd (the steady part).
inline bottleneck_figures bottleneck(float width, int count, std::uint64_t seed,
                                     const steer::reciprocal_avoidance_params<vec>& tuning) {
    steer::rng gen(seed);
    // The waiting area: x from -12 to 0, y from -4 to 4; the wall at x = 0 (0.2 m thick)
    // with the exit about y = 0. Past the wall, people walk on and leave at x = 6.
    const float half = width / 2;
    const std::vector<steer::box<vec>> walls{{{-12.2f, -4.2f}, {0.2f, -4.0f}}, {{-12.2f, 4.0f}, {0.2f, 4.2f}},
                                             {{-12.2f, -4.2f}, {-12.0f, 4.2f}}, {{0.0f, -4.2f}, {0.2f, -half}},
                                             {{0.0f, half}, {0.2f, 4.2f}}};
    std::vector<person> people;
    while (static_cast<int>(people.size()) < count) {
        const vec at(steer::uniform(gen, -11.7f, -1.0f), steer::uniform(gen, -3.7f, 3.7f));
        const bool clear = std::all_of(people.begin(), people.end(), [&](const person& p) {
            return glm::distance(p.body.position(), at) > 2 * radius + 0.05f;
        });
        if (clear) people.push_back({body_at(at), preferred_speed(gen)});
    }
    steer::bin_lattice<vec, const steer::vehicle2*> lattice({vec(-13, -5), vec(7, 5)}, glm::ivec2(20, 10));
    std::vector<const steer::vehicle2*> neighbors;
    std::vector<vec> forces(people.size());
    std::vector<char> passed(people.size(), 0), gone(people.size(), 0);
    std::vector<double> passages;  // when each went through the exit, s
    for (int step = 1; step <= 180 * 60; ++step) {
        lattice.clear();
        for (std::size_t i = 0; i < people.size(); ++i)
            if (!gone[i]) lattice.insert(&people[i].body, people[i].body.position());
        for (std::size_t i = 0; i < people.size(); ++i) {
            if (gone[i]) continue;
            const vec at = people[i].body.position();
            // Toward the exit square-on (the nearest point of its opening, a body's width in,
            // set back from the wall twice as far as one is to the side of it, so that one
            // beside the opening walks along the wall to it, not into the wall), then on.
            const float opening_y = std::clamp(at.y, -half + radius + 0.05f, half - radius - 0.05f);
            const vec aim = at.x > 0.2f ? vec(at.x + 5, at.y / 2)
                                        : vec(0.6f - 2 * std::abs(at.y - opening_y), opening_y);
            gather(lattice, people[i].body, neighbors);
            const vec wanted = steer::safe_normalize(aim - at) * people[i].preferred_speed;
            forces[i] = steer::reciprocal_avoidance(people[i].body, neighbors, walls, wanted, dt, tuning);
        }
        int inside = 0;
        for (std::size_t i = 0; i < people.size(); ++i) {
            if (gone[i]) continue;
            people[i].body.apply_force(forces[i], dt);
            const float x = people[i].body.position().x;
            if (!passed[i] && x > 0.1f) {
                passed[i] = 1;
                passages.push_back(step * static_cast<double>(dt));
            }
            if (x > 6) gone[i] = 1;
            else ++inside;
        }
        if (inside == 0) break;
    }
    const std::size_t first = passages.size() / 5, last = passages.size() * 4 / 5;
    const double flow = last > first + 1 ? static_cast<double>(last - first) / (passages[last] - passages[first]) /
                                               static_cast<double>(width)
                                         : 0;
    return {count, static_cast<int>(passages.size()), passages.empty() ? 0.0 : passages.back(), flow};
}

// --- corridor --------------------------------------------------------------------------

/// Weidmann's fundamental diagram (1993): the walking speed at `density` persons/m², m/s.
inline double weidmann_speed(double density) { return 1.34 * (1 - std::exp(-1.913 * (1 / density - 1 / 5.4))); }

/// What a corridor run measured.
struct corridor_figures {
    int people = 0;         ///< 0: they could not all be placed
    double speed = 0;       ///< their mean speed along the corridor, m/s
    double weidmann = 0;    ///< Weidmann's at the density, m/s
};

/// The mean speed of people walking one way round a corridor at `density` persons per
/// square metre, over the last 30 s of a minute.
inline corridor_figures corridor(float density, std::uint64_t seed, const steer::reciprocal_avoidance_params<vec>& tuning) {
    constexpr float length = 20, width = 4;
    steer::rng gen(seed);
    // Walls along y = -2 and y = 2 (solid beyond); x wraps round at the ends.
    const std::vector<steer::plane<vec>> walls{{vec(0, 1), -width / 2}, {vec(0, -1), -width / 2}};
    const auto wrapped_offset = [&](vec d) {
        d.x -= length * std::round(d.x / length);
        return d;
    };
    const int count = static_cast<int>(std::lround(density * length * width));
    std::vector<person> people;
    for (int tries = 0; static_cast<int>(people.size()) < count && tries < 1000000; ++tries) {
        const vec at(steer::uniform(gen, 0.0f, length), steer::uniform(gen, -width / 2 + radius, width / 2 - radius));
        const bool clear = std::all_of(people.begin(), people.end(), [&](const person& p) {
            return glm::length(wrapped_offset(p.body.position() - at)) > 2 * radius + 0.01f;
        });
        if (clear) people.push_back({body_at(at), preferred_speed(gen)});
    }
    if (static_cast<int>(people.size()) < count) return {};
    steer::bin_lattice<vec, const steer::vehicle2*> lattice({vec(-looking, -3), vec(length + looking, 3)},
                                                            glm::ivec2(13, 3));
    std::vector<steer::vehicle2> copies;  // people near one end, standing in for themselves past the other
    std::vector<const steer::vehicle2*> neighbors;
    std::vector<vec> forces(people.size());
    double speed_sum = 0;
    long samples = 0;
    for (int step = 1; step <= 60 * 60; ++step) {
        copies.clear();
        for (const person& p : people) {
            const vec at = p.body.position();
            if (at.x < looking) copies.push_back(p.body), copies.back().set_position(at + vec(length, 0));
            if (at.x > length - looking) copies.push_back(p.body), copies.back().set_position(at - vec(length, 0));
        }
        lattice.clear();
        for (const person& p : people) lattice.insert(&p.body, p.body.position());
        for (const steer::vehicle2& c : copies) lattice.insert(&c, c.position());
        for (std::size_t i = 0; i < people.size(); ++i) {
            gather(lattice, people[i].body, neighbors);
            const vec wanted(people[i].preferred_speed, 0);
            forces[i] = steer::reciprocal_avoidance(people[i].body, neighbors, walls, wanted, dt, tuning);
        }
        for (std::size_t i = 0; i < people.size(); ++i) {
            steer::vehicle2& b = people[i].body;
            b.apply_force(forces[i], dt);
            if (b.position().x >= length) b.set_position(b.position() - vec(length, 0));
            if (b.position().x < 0) b.set_position(b.position() + vec(length, 0));
            if (step > 30 * 60) {
                speed_sum += static_cast<double>(b.velocity().x);
                ++samples;
            }
        }
    }
    return {count, speed_sum / static_cast<double>(samples), weidmann_speed(static_cast<double>(density))};
}

}  // namespace pedestrians

#endif  // STEER_EXAMPLES_PEDESTRIANS_SCENES_HPP
