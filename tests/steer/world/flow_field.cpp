#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

#include <doctest/doctest.h>

#include <steer/random.hpp>
#include <steer/world/flow_field.hpp>

#include "test_util.hpp"

using steer::test::make;
using steer::test::near;
using steer::test::refusal_of;

namespace {

template <class V>
steer::cell_t<V> cells(int x, int y, int z) {
    if constexpr (steer::dimension_v<V> == 2) {
        (void)z;
        return {x, y};
    } else {
        return {x, y, z};
    }
}

}  // namespace

TEST_CASE_TEMPLATE("a flow field holds init's value at each cell center and clamps outside its box", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::box<V> region{make<V>(-4, 0, 2), make<V>(4, 2, 4)};
    const auto init = [](const V& p) { return p * S(2) + V(S(1)); };
    const steer::flow_field<V> field(region, cells<V>(8, 4, 2), init);
    CHECK(field.cell_size() == make<V>(1, 0.5, 1));
    CHECK(field.cell_center(cells<V>(0, 0, 0)) == make<V>(-3.5, 0.25, 2.5));
    for (int x = 0; x < 8; ++x)
        for (int y = 0; y < 4; ++y) {
            const auto c = cells<V>(x, y, 1);
            const V center = field.cell_center(c);
            CHECK(field.at(c) == init(center));
            CHECK(near(field.sample(center), init(center)));
            CHECK(field.cell_of(center) == c);
        }
    // Outside the box (and in the half cell beyond the outer centers) the value is clamped.
    const V corner = field.cell_center(cells<V>(7, 3, 1));
    CHECK(near(field.sample(make<V>(100, 100, 100)), init(corner)));
    CHECK(near(field.sample(make<V>(4, 2, 4)), init(corner)));
    CHECK(near(field.sample(make<V>(100, 0.25, 100)), init(make<V>(3.5, 0.25, 3.5))));
    CHECK(field.cell_of(make<V>(-100, 100, -100)) == cells<V>(0, 3, 0));
}

TEST_CASE_TEMPLATE("flow field interpolation is exact for linear fields and never jumps", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::box<V> region{make<V>(0, 0, 0), make<V>(10, 5, 5)};
    // (Bi/tri)linear interpolation reproduces a linear field inside the grid of centers.
    const auto linear = [](const V& p) { return make<V>(1, -2, 0.5) * p.x + make<V>(0.25, 3, -1) * p.y + V(S(0.5)); };
    const steer::flow_field<V> exact(region, cells<V>(10, 5, 5), linear);
    steer::rng gen(5);
    for (int i = 0; i < 200; ++i) {
        const V p = make<V>(steer::uniform<S>(gen, S(0.5), S(9.5)), steer::uniform<S>(gen, S(0.5), S(4.5)),
                            steer::uniform<S>(gen, S(0.5), S(4.5)));
        CHECK(near(exact.sample(p), linear(p), std::is_same_v<S, float> ? 1e-4 : 1e-10));
    }
    // Smooth: with cell values in [-1, 1] per component and unit cells, no component of the
    // sample changes faster than 2 * sqrt(dimension) per unit distance, anywhere, also
    // across cell borders and around the box. A lookup without interpolation would jump by 2.
    steer::flow_field<V> rough(region, cells<V>(10, 5, 5));
    for (int x = 0; x < 10; ++x)
        for (int y = 0; y < 5; ++y)
            for (int z = 0; z < 5; ++z) {
                if (steer::dimension_v<V> == 2 && z > 0) continue;
                rough.at(cells<V>(x, y, z)) = steer::random_vector_in_unit_ball<V>(gen);
            }
    const double bound = 2 * std::sqrt(double(steer::dimension_v<V>)) * (1 + 1e-4);
    for (int line = 0; line < 20; ++line) {
        const V from = make<V>(-2, -2, -2) + steer::random_vector_in_unit_ball<V>(gen);
        const V to = make<V>(12, 7, 7) + steer::random_vector_in_unit_ball<V>(gen);
        const int steps = 2000;
        const V step = (to - from) / S(steps);
        const double step_length = static_cast<double>(glm::length(step));
        V previous = rough.sample(from);
        double worst = 0;
        for (int k = 1; k <= steps; ++k) {
            const V current = rough.sample(from + step * S(k));
            for (int i = 0; i < steer::dimension_v<V>; ++i)
                worst = std::max(worst, std::abs(static_cast<double>(current[i] - previous[i])) / step_length);
            previous = current;
        }
        CHECK(worst <= bound);
    }
}

TEST_CASE_TEMPLATE("a flow field is built cell by cell and refuses bad cells and boxes", V, STEER_TEST_VECTORS) {
    using S = steer::scalar_t<V>;
    const steer::box<V> region{make<V>(0, 0, 0), make<V>(2, 2, 2)};
    steer::flow_field<V> field(region, cells<V>(2, 2, 2));
    CHECK(field.sample(make<V>(1, 1, 1)) == V(S(0)));  // no init: zero everywhere
    field.at(cells<V>(1, 0, 0)) = make<V>(4, 0, 0);
    CHECK(field.sample(make<V>(1.5, 0.5, 0.5)) == make<V>(4, 0, 0));
    CHECK(near(field.sample(make<V>(1, 0.5, 0.5)), make<V>(2, 0, 0)));  // halfway between two centers
    CHECK(field.values().size() == (steer::dimension_v<V> == 2 ? 4u : 8u));
    CHECK(refusal_of([&] { (void)field.at(cells<V>(2, 0, 0)); }).find("steer::flow_field::at: cell must be within") == 0);
    CHECK(refusal_of([&] { (void)field.at(cells<V>(0, -1, 0)); }).find("steer::flow_field::at") == 0);
    CHECK(refusal_of([&] { steer::flow_field<V>(region, cells<V>(2, 0, 2)); }) ==
          "steer::flow_field: cells.y must be >= 1 (got 0)");
    CHECK(refusal_of([&] { steer::flow_field<V>(steer::box<V>{make<V>(1, 0, 0), make<V>(0, 1, 1)}, cells<V>(2, 2, 2)); })
              .find("steer::box: min must be <= max") == 0);
    CHECK(refusal_of([&] {
              steer::flow_field<V>(region, cells<V>(2, 2, 2), [](const V&) { return V(std::numeric_limits<S>::quiet_NaN()); });
          }).find("must be finite") != std::string::npos);
    // A flat box (zero extent on an axis) still samples finitely.
    const steer::flow_field<V> flat(steer::box<V>{make<V>(0, 0, 0), make<V>(2, 0, 2)}, cells<V>(2, 1, 2),
                                    [](const V& p) { return p; });
    CHECK(steer::is_finite(flat.sample(make<V>(1, 5, 1))));
    CHECK(steer::is_finite(flat.sample(make<V>(NAN, 0, 1))));
}

TEST_CASE("a flow field takes any callable as init, and none") {
    using V = glm::vec2;
    const steer::box<V> region{V(0), V(4)};
    const glm::ivec2 cells(2, 2);
    const auto east = [](const V&) { return V(1, 0); };
    const std::function<V(const V&)> wrapped = east;
    const std::function<V(const V&)> empty;
    V (*const pointer)(const V&) = [](const V& p) { return V(0, p.x); };
    CHECK(steer::flow_field<V>(region, cells).sample(V(1)) == V(0));
    CHECK(steer::flow_field<V>(region, cells, {}).sample(V(1)) == V(0));
    CHECK(steer::flow_field<V>(region, cells, nullptr).sample(V(1)) == V(0));
    CHECK(steer::flow_field<V>(region, cells, empty).sample(V(1)) == V(0));
    CHECK(steer::flow_field<V>(region, cells, east).sample(V(1)) == V(1, 0));
    CHECK(steer::flow_field<V>(region, cells, wrapped).sample(V(1)) == V(1, 0));
    CHECK(steer::flow_field<V>(region, cells, pointer).sample(V(1)) == V(0, 1));
}
