// Behaviors that react to the world: obstacle avoidance against growing numbers of
// spheres, nearest-point queries on a long pathway (the hierarchy against a linear scan),
// flow-field sampling, and one call of each path behavior.
#include <cmath>
#include <cstddef>
#include <vector>

#include <benchmark/benchmark.h>

#include <steer/behaviors/containment.hpp>
#include <steer/behaviors/flow_field_following.hpp>
#include <steer/behaviors/hide.hpp>
#include <steer/behaviors/obstacle_avoidance.hpp>
#include <steer/behaviors/path_following.hpp>
#include <steer/behaviors/wall_following.hpp>
#include <steer/random.hpp>
#include <steer/vehicle.hpp>
#include <steer/world/flow_field.hpp>
#include <steer/world/pathway.hpp>

namespace {

template <class V, class X, class Y, class Z>
V point(X x, Y y, Z z) {  // components of any arithmetic type, converted straight to V's scalar
    using S = steer::scalar_t<V>;
    if constexpr (steer::dimension_v<V> == 2) {
        (void)z;
        return V(static_cast<S>(x), static_cast<S>(y));
    } else {
        return V(static_cast<S>(x), static_cast<S>(y), static_cast<S>(z));
    }
}

// `count` spheres scattered over a cube (square) whose side grows with the count, so the
// density, and the share of spheres near the vehicle, stays about the same.
template <class V>
std::vector<steer::sphere<V>> scattered_spheres(int count, steer::rng& gen) {
    using S = steer::scalar_t<V>;
    const S half = S(4) * std::pow(S(count), S(1) / S(steer::dimension_v<V>));
    std::vector<steer::sphere<V>> spheres;
    for (int i = 0; i < count; ++i)
        spheres.push_back({steer::random_vector_in_unit_ball<V>(gen) * half, steer::uniform<S>(gen, S(0.5), S(2))});
    return spheres;
}

// A vehicle's view of the field from 64 places and headings, cycled through.
template <class V>
std::vector<steer::vehicle<V>> observers(steer::rng& gen, steer::scalar_t<V> spread) {
    std::vector<steer::vehicle<V>> vs;
    for (int i = 0; i < 64; ++i)
        vs.emplace_back(steer::vehicle_params<V>{.position = steer::random_vector_in_unit_ball<V>(gen) * spread,
                                                 .velocity = steer::random_unit_vector<V>(gen) * steer::scalar_t<V>(2),
                                                 .max_force = 4,
                                                 .max_speed = 2});
    return vs;
}

template <class V>
void obstacle_avoidance_spheres(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    steer::rng gen(1);
    const auto spheres = scattered_spheres<V>(static_cast<int>(state.range(0)), gen);
    const auto vs = observers<V>(gen, S(4) * std::pow(S(state.range(0)), S(1) / S(steer::dimension_v<V>)));
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(steer::obstacle_avoidance(vs[i++ & 63], spheres, {.min_time_to_collision = S(2)}));
    state.SetItemsProcessed(state.iterations() * state.range(0));  // spheres tested per second
}

// A winding path of `segments` segments: a meander of unit-ish steps that turns slowly,
// so it folds back near itself now and then, as real level paths do.
template <class V>
steer::pathway<V> winding_path(int segments) {
    using S = steer::scalar_t<V>;
    std::vector<V> points;
    for (int i = 0; i <= segments; ++i) {
        const double t = i * 0.05;
        points.push_back(point<V>(t * 10 + 30 * std::sin(t * 0.7), 40 * std::sin(t * 0.31) + 10 * std::cos(t * 1.3),
                                  5 * std::sin(t * 0.5)));
    }
    return steer::pathway<V>(points, S(2));
}

// Query points that move continuously along the path, 1.5 units off its spine, as a
// follower's predicted position does: 4096 of them, one per call, a step apart.
template <class V>
std::vector<V> moving_queries(const steer::pathway<V>& path) {
    using S = steer::scalar_t<V>;
    std::vector<V> qs;
    const S step = path.length() / S(4096);
    for (int i = 0; i < 4096; ++i) {
        const S d = step * S(i);
        const V tangent = path.tangent_at_distance(d);
        const V across = steer::dimension_v<V> == 2 ? point<V>(-tangent[1], tangent[0], 0) : point<V>(0, 0, 1);
        qs.push_back(path.point_at_distance(d) + across * S(1.5));
    }
    return qs;
}

template <class V>
void pathway_nearest_scan(benchmark::State& state) {
    const auto path = winding_path<V>(static_cast<int>(state.range(0)));
    const auto qs = moving_queries(path);
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(path.nearest_by_scan(qs[i++ & 4095]));
}

template <class V>
void pathway_nearest_hierarchy(benchmark::State& state) {
    const auto path = winding_path<V>(static_cast<int>(state.range(0)));
    const auto qs = moving_queries(path);
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(path.nearest(qs[i++ & 4095]));
}

template <class V>
void flow_field_sample(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    const steer::flow_field<V> field({point<V>(-50, -50, -50), point<V>(50, 50, 50)}, steer::cell_t<V>(32),
                                     [](const V& p) { return steer::safe_normalize(point<V>(-p[1], p[0], 1)); });
    steer::rng gen(2);
    std::vector<V> ps;
    for (int i = 0; i < 1024; ++i) ps.push_back(steer::random_vector_in_unit_ball<V>(gen) * S(60));
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(field.sample(ps[i++ & 1023]));
}

template <class V>
void path_following_10k(benchmark::State& state) {
    const auto path = winding_path<V>(10000);
    const auto qs = moving_queries(path);
    std::vector<steer::vehicle<V>> vs;
    for (std::size_t k = 0; k < 4096; k += 64)
        vs.emplace_back(steer::vehicle_params<V>{.position = qs[k], .velocity = path.tangent_at_distance(path.distance_along(qs[k])),
                                                 .max_force = 4, .max_speed = 2});
    std::size_t i = 0;
    for (auto _ : state)
        benchmark::DoNotOptimize(steer::path_following(vs[i++ & 63], path, {.direction = 1, .prediction_time = 1}));
}

template <class V>
void wall_following_10k(benchmark::State& state) {
    const auto path = winding_path<V>(10000);
    const auto qs = moving_queries(path);
    std::vector<steer::vehicle<V>> vs;
    for (std::size_t k = 0; k < 4096; k += 64)
        vs.emplace_back(steer::vehicle_params<V>{.position = qs[k], .velocity = path.tangent_at_distance(path.distance_along(qs[k])),
                                                 .max_force = 4, .max_speed = 2});
    std::size_t i = 0;
    for (auto _ : state)
        benchmark::DoNotOptimize(steer::wall_following(vs[i++ & 63], path, {.offset = 1, .prediction_time = 1}));
}

template <class V>
void containment_box(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    steer::rng gen(3);
    const auto vs = observers<V>(gen, S(12));
    const steer::box<V> room{point<V>(-10, -10, -10), point<V>(10, 10, 10)};
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(steer::containment(vs[i++ & 63], room, {.prediction_time = S(1)}));
}

template <class V>
void hide_spheres(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    steer::rng gen(4);
    const auto spheres = scattered_spheres<V>(static_cast<int>(state.range(0)), gen);
    const auto vs = observers<V>(gen, S(20));
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(steer::hide(vs[i & 63], vs[(i + 1) & 63], spheres)), ++i;
}

}  // namespace

BENCHMARK_TEMPLATE(obstacle_avoidance_spheres, glm::vec2)->Arg(10)->Arg(100)->Arg(1000);
BENCHMARK_TEMPLATE(obstacle_avoidance_spheres, glm::vec3)->Arg(10)->Arg(100)->Arg(1000);
BENCHMARK_TEMPLATE(obstacle_avoidance_spheres, glm::dvec3)->Arg(10)->Arg(100)->Arg(1000);
BENCHMARK_TEMPLATE(pathway_nearest_scan, glm::vec2)->Arg(10000);
BENCHMARK_TEMPLATE(pathway_nearest_hierarchy, glm::vec2)->Arg(100)->Arg(10000);
BENCHMARK_TEMPLATE(pathway_nearest_scan, glm::vec3)->Arg(10000);
BENCHMARK_TEMPLATE(pathway_nearest_hierarchy, glm::vec3)->Arg(100)->Arg(10000);
BENCHMARK_TEMPLATE(flow_field_sample, glm::vec2);
BENCHMARK_TEMPLATE(flow_field_sample, glm::vec3);
BENCHMARK_TEMPLATE(path_following_10k, glm::vec2);
BENCHMARK_TEMPLATE(path_following_10k, glm::vec3);
BENCHMARK_TEMPLATE(wall_following_10k, glm::vec2);
BENCHMARK_TEMPLATE(containment_box, glm::vec3);
BENCHMARK_TEMPLATE(hide_spheres, glm::vec3)->Arg(100);
