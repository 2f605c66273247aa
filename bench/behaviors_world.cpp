// Behaviors that react to the world: obstacle avoidance against growing numbers of
// spheres and of each other shape (1, 10, 100 of them, and a mixed range of variants), nearest-point queries on a long pathway (the hierarchy against a linear scan),
// flow-field sampling, and one call of each path behavior.
#include <cmath>
#include <cstddef>
#include <type_traits>
#include <variant>
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
#include <steer/world/box.hpp>
#include <steer/world/flow_field.hpp>
#include <steer/world/oriented_box.hpp>
#include <steer/world/polygon.hpp>
#include <steer/world/segment.hpp>
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

// One obstacle of each kind the library knows, about 1 to 4 across, centered at `c`.
enum class shape_kind { sphere, box, oriented_box, segment, polygon, mixed };

template <class V>
using any_obstacle = std::conditional_t<steer::dimension_v<V> == 2,
                                        std::variant<steer::sphere<V>, steer::box<V>, steer::oriented_box<V>,
                                                     steer::segment<V>, steer::polygon<V>>,
                                        std::variant<steer::sphere<V>, steer::box<V>, steer::oriented_box<V>,
                                                     steer::segment<V>>>;

template <class V>
any_obstacle<V> make_obstacle(shape_kind kind, const V& c, steer::rng& gen) {
    using S = steer::scalar_t<V>;
    V half;
    for (int i = 0; i < steer::dimension_v<V>; ++i) half[i] = steer::uniform<S>(gen, S(0.5), S(2));
    switch (kind) {
        case shape_kind::box: return steer::box<V>{c - half, c + half};
        case shape_kind::oriented_box:
            if constexpr (steer::dimension_v<V> == 2) {
                return steer::oriented_box<V>::turned(c, half, steer::uniform<S>(gen, S(0), S(3)));
            } else {
                const V x = steer::random_unit_vector<V>(gen);
                const V y = steer::safe_normalize(glm::cross(x, steer::random_unit_vector<V>(gen)));
                return steer::oriented_box<V>{c, half, {x, y, glm::cross(x, y)}};
            }
        case shape_kind::segment: return steer::segment<V>{c - half, c + half};
        case shape_kind::polygon:
            if constexpr (steer::dimension_v<V> == 2) {  // a hexagon with uneven corners
                std::vector<V> corners;
                for (int k = 0; k < 6; ++k)
                    corners.push_back(c + V(std::cos(S(k)), std::sin(S(k))) * steer::uniform<S>(gen, S(0.7), S(2)));
                return steer::polygon<V>(corners);
            }
            [[fallthrough]];
        default: return steer::sphere<V>{c, steer::uniform<S>(gen, S(0.5), S(2))};
    }
}

// obstacle_avoidance over `count` obstacles of one kind (a range of that shape) or of mixed
// kinds (a range of variants), scattered like `scattered_spheres`.
template <class V, shape_kind Kind>
void obstacle_avoidance_shapes(benchmark::State& state) {
    using S = steer::scalar_t<V>;
    steer::rng gen(1);
    const int count = static_cast<int>(state.range(0));
    const S half = S(4) * std::pow(S(count), S(1) / S(steer::dimension_v<V>));
    std::vector<any_obstacle<V>> mixed;
    for (int i = 0; i < count; ++i) {
        const shape_kind kind = Kind == shape_kind::mixed ? static_cast<shape_kind>(i % (steer::dimension_v<V> == 2 ? 5 : 4)) : Kind;
        mixed.push_back(make_obstacle<V>(kind, steer::random_vector_in_unit_ball<V>(gen) * half, gen));
    }
    const auto vs = observers<V>(gen, half);
    std::size_t i = 0;
    const auto run = [&](const auto& obstacles) {
        for (auto _ : state) benchmark::DoNotOptimize(steer::obstacle_avoidance(vs[i++ & 63], obstacles));
    };
    if constexpr (Kind == shape_kind::mixed) {
        run(mixed);
    } else {
        using shape = std::variant_alternative_t<static_cast<std::size_t>(Kind), any_obstacle<V>>;
        std::vector<shape> same;
        for (const auto& o : mixed) same.push_back(std::get<shape>(o));
        run(same);
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));  // obstacles considered per second
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
BENCHMARK_TEMPLATE(obstacle_avoidance_shapes, glm::vec2, shape_kind::sphere)->Arg(1)->Arg(10)->Arg(100);
BENCHMARK_TEMPLATE(obstacle_avoidance_shapes, glm::vec2, shape_kind::box)->Arg(1)->Arg(10)->Arg(100);
BENCHMARK_TEMPLATE(obstacle_avoidance_shapes, glm::vec2, shape_kind::oriented_box)->Arg(1)->Arg(10)->Arg(100);
BENCHMARK_TEMPLATE(obstacle_avoidance_shapes, glm::vec2, shape_kind::segment)->Arg(1)->Arg(10)->Arg(100);
BENCHMARK_TEMPLATE(obstacle_avoidance_shapes, glm::vec2, shape_kind::polygon)->Arg(1)->Arg(10)->Arg(100);
BENCHMARK_TEMPLATE(obstacle_avoidance_shapes, glm::vec2, shape_kind::mixed)->Arg(1)->Arg(10)->Arg(100);
BENCHMARK_TEMPLATE(obstacle_avoidance_shapes, glm::vec3, shape_kind::sphere)->Arg(1)->Arg(10)->Arg(100);
BENCHMARK_TEMPLATE(obstacle_avoidance_shapes, glm::vec3, shape_kind::box)->Arg(1)->Arg(10)->Arg(100);
BENCHMARK_TEMPLATE(obstacle_avoidance_shapes, glm::vec3, shape_kind::oriented_box)->Arg(1)->Arg(10)->Arg(100);
BENCHMARK_TEMPLATE(obstacle_avoidance_shapes, glm::vec3, shape_kind::segment)->Arg(1)->Arg(10)->Arg(100);
BENCHMARK_TEMPLATE(obstacle_avoidance_shapes, glm::vec3, shape_kind::mixed)->Arg(1)->Arg(10)->Arg(100);
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
