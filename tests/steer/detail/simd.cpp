#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numbers>
#include <string_view>
#include <vector>

#include <doctest/doctest.h>

#include <steer/behaviors/neighborhood.hpp>
#include <steer/detail/simd.hpp>
#include <steer/crowd/flock.hpp>
#include <steer/random.hpp>

namespace {

/// Checks the lane neighborhood test of pack backend P against neighborhood_test::accepts,
/// lane by lane, on random and boundary inputs, for one neighborhood.
template <class P, class V>
void check_lane_test(const steer::neighborhood<V>& n, steer::rng& gen) {
    using S = steer::scalar_t<V>;
    constexpr std::size_t W = P::width;
    const steer::detail::neighborhood_test<V> scalar_test(n);
    const steer::detail::lane_neighborhood_test<P, S> lane_test(scalar_test);
    const S r2 = scalar_test.max_distance_squared;
    for (int round = 0; round < 2000; ++round) {
        S d2[W], fw[W];
        for (std::size_t l = 0; l < W; ++l) {
            // Distances around the limit, forwardness anywhere in [-r, r], some exactly on edges.
            d2[l] = round % 7 == 0 ? r2 : static_cast<S>(steer::uniform(gen, 0.0, 2.0 * static_cast<double>(r2) + 1));
            const S r = std::sqrt(d2[l]);
            fw[l] = round % 5 == 0 ? r * std::cos(n.max_angle) : static_cast<S>(steer::uniform(gen, -1.0, 1.0)) * r;
            if (round % 11 == 0) fw[l] = 0;
        }
        const auto accepted = P::bits(lane_test.accepts(P::load(d2), P::load(fw)));
        const auto within = P::bits(lane_test.within(P::load(d2)));
        for (std::size_t l = 0; l < W; ++l) {
            CAPTURE(d2[l]);
            CAPTURE(fw[l]);
            REQUIRE(((accepted >> l) & 1u) == (scalar_test.accepts(d2[l], fw[l]) ? 1u : 0u));
            REQUIRE(((within >> l) & 1u) == (d2[l] <= r2 ? 1u : 0u));
        }
    }
}

template <class P, class V>
void check_all_neighborhoods() {
    using S = steer::scalar_t<V>;
    steer::rng gen(1);
    for (S angle : {S(0), S(0.3), S(1.0), std::numbers::pi_v<S> / 2, S(2.4), std::numbers::pi_v<S>, S(4)}) {
        CAPTURE(angle);
        check_lane_test<P, V>({.max_distance = S(1.5), .max_angle = angle}, gen);
        check_lane_test<P, V>({.max_distance = 0, .max_angle = angle}, gen);
    }
}

}  // namespace

TEST_CASE("simd: the lane neighborhood test decides as neighborhood_test::accepts, for both backends") {
    using namespace steer::detail::simd;
    check_all_neighborhoods<native_pack<float>, glm::vec3>();
    check_all_neighborhoods<native_pack<double>, glm::dvec3>();
    check_all_neighborhoods<array_pack<float, 4>, glm::vec3>();
    check_all_neighborhoods<array_pack<double, 2>, glm::dvec2>();
    check_all_neighborhoods<array_pack<float, 8>, glm::vec2>();
#if STEER_DETAIL_AVX_DISPATCH  // (outside an AVX function the compiler lowers its vectors to SSE2)
    check_all_neighborhoods<avx_pack<float>, glm::vec3>();
    check_all_neighborhoods<avx_pack<double>, glm::dvec3>();
#endif
}

TEST_CASE("simd: compress_indices lists the set lanes in order") {
    using steer::detail::simd::compress_indices;
    for (std::size_t width : {std::size_t(2), std::size_t(4), std::size_t(8), std::size_t(16)}) {
        for (unsigned bits = 0; bits < (1u << width); ++bits) {
            std::uint32_t out[24] = {};  // 16 lanes and the 8 scratch entries past them
            const std::size_t n = compress_indices(bits, width, 100, out);
            std::vector<std::uint32_t> expected;
            for (std::size_t l = 0; l < width; ++l)
                if ((bits >> l) & 1u) expected.push_back(100 + static_cast<std::uint32_t>(l));
            REQUIRE(n == expected.size());
            for (std::size_t i = 0; i < n; ++i) REQUIRE(out[i] == expected[i]);
        }
    }
}

TEST_CASE("simd: both backends compute the same lanes, sums and counts") {
    using vector_backend = steer::detail::simd::native_pack<float>;
    using array_backend = steer::detail::simd::array_pack<float, vector_backend::width>;
    constexpr std::size_t W = vector_backend::width;
    steer::rng gen(4);
    for (int round = 0; round < 200; ++round) {
        float a[W], b[W];
        std::uint32_t index[W];
        std::vector<float> table(64);
        for (auto& t : table) t = steer::uniform(gen, -10.0f, 10.0f);
        for (std::size_t l = 0; l < W; ++l) {
            a[l] = steer::uniform(gen, -10.0f, 10.0f);
            b[l] = steer::uniform(gen, -10.0f, 10.0f);
            index[l] = static_cast<std::uint32_t>(steer::uniform(gen, 0.0, 63.9));
        }
        const auto va = vector_backend::load(a);
        const auto vb = vector_backend::load(b);
        const auto aa = array_backend::load(a);
        const auto ab = array_backend::load(b);
        const auto vm = va <= vb;
        const auto am = aa <= ab;
        REQUIRE(vector_backend::bits(vm) == array_backend::bits(am));
        REQUIRE(vector_backend::bits(va < vb) == array_backend::bits(aa < ab));
        REQUIRE(vector_backend::bits(va > vb) == array_backend::bits(aa > ab));
        REQUIRE(vector_backend::bits(va == vb) == array_backend::bits(aa == ab));
        REQUIRE(vector_backend::bits(va == va) == array_backend::bits(aa == aa));
        vector_backend::pack vr[1];
        array_backend::pack ar[1];
        vector_backend::gather_records<1, 1>(table.data(), index, vr);
        array_backend::gather_records<1, 1>(table.data(), index, ar);
        const float vs = vector_backend::sum(vector_backend::select(vm, va * vb - vb / va) + vector_backend::max(va, vb) +
                                             vr[0] - vector_backend::sqrt(va * va));
        const float as = array_backend::sum(array_backend::select(am, aa * ab - ab / aa) + array_backend::max(aa, ab) +
                                            ar[0] - array_backend::sqrt(aa * aa));
        REQUIRE(std::memcmp(&vs, &as, sizeof vs) == 0);
        const auto vn = -va;
        const auto an = -aa;
        float vn_lanes[W];
        std::memcpy(vn_lanes, &vn, sizeof vn_lanes);
        REQUIRE(std::memcmp(vn_lanes, an.lane, sizeof vn_lanes) == 0);
        auto vc = vector_backend::zero_count();
        auto ac = array_backend::zero_count();
        vector_backend::count(vc, vm);
        vector_backend::count(vc, vector_backend::first(static_cast<std::size_t>(round) % (W + 1)));
        array_backend::count(ac, am);
        array_backend::count(ac, array_backend::first(static_cast<std::size_t>(round) % (W + 1)));
        REQUIRE(vector_backend::total(vc) == array_backend::total(ac));
    }
}

namespace {

/// gather_records of backend P reads lane l's record `index[l]`, components 0..K-1.
template <class P, std::size_t K, std::size_t Stride>
void check_gather_records(steer::rng& gen) {
    using S = typename P::scalar;
    constexpr std::size_t W = P::width;
    std::vector<S> records(50 * Stride);
    for (auto& r : records) r = static_cast<S>(steer::uniform(gen, -10.0, 10.0));
    for (int round = 0; round < 100; ++round) {
        std::uint32_t index[W];
        for (std::size_t l = 0; l < W; ++l) index[l] = static_cast<std::uint32_t>(steer::uniform(gen, 0.0, 49.9));
        typename P::pack out[K];
        P::template gather_records<K, Stride>(records.data(), index, out);
        for (std::size_t c = 0; c < K; ++c) {
            S lanes[W];
            std::memcpy(lanes, &out[c], sizeof lanes);
            for (std::size_t l = 0; l < W; ++l) REQUIRE(lanes[l] == records[index[l] * Stride + c]);
        }
    }
}

/// The lanes' sum is by halves: (l0 + l2) + (l1 + l3) for four lanes.
template <class P>
void check_sum_order() {
    using S = typename P::scalar;
    constexpr std::size_t W = P::width;
    // 1 and two halves of epsilon: added to 1 one at a time, each half rounds away; added
    // to each other first (lanes 1 and 1 + W/2 meet in the first halving), they count.
    S lanes[W] = {};
    lanes[0] = S(1);
    lanes[1] += std::numeric_limits<S>::epsilon() / S(2);
    lanes[1 + W / 2 < W ? 1 + W / 2 : 1] += std::numeric_limits<S>::epsilon() / S(2);
    S expected[W];
    std::memcpy(expected, lanes, sizeof lanes);
    for (std::size_t half = W / 2; half > 0; half /= 2)
        for (std::size_t l = 0; l < half; ++l) expected[l] += expected[l + half];
    const S got = P::sum(P::load(lanes));
    REQUIRE(std::memcmp(&got, &expected[0], sizeof got) == 0);
}

}  // namespace

TEST_CASE("simd: gather_records reads each lane's record, for both backends and every record shape") {
    using namespace steer::detail::simd;
    steer::rng gen(8);
    check_gather_records<native_pack<float>, 4, 4>(gen);
    check_gather_records<native_pack<float>, 6, 8>(gen);
    check_gather_records<native_pack<double>, 4, 4>(gen);
    check_gather_records<native_pack<double>, 6, 8>(gen);
    check_gather_records<array_pack<float, 4>, 6, 8>(gen);
    check_gather_records<array_pack<double, 2>, 4, 4>(gen);
#if STEER_DETAIL_AVX_DISPATCH
    check_gather_records<avx_pack<float>, 4, 4>(gen);
    check_gather_records<avx_pack<float>, 6, 8>(gen);
    check_gather_records<avx_pack<double>, 6, 8>(gen);
#endif
}

TEST_CASE("simd: sums add the upper half of the lanes to the lower half, in every backend") {
    using namespace steer::detail::simd;
    check_sum_order<native_pack<float>>();
    check_sum_order<native_pack<double>>();
    check_sum_order<array_pack<float, 4>>();
    check_sum_order<array_pack<float, 8>>();
    check_sum_order<array_pack<double, 2>>();
#if STEER_DETAIL_AVX_DISPATCH
    check_sum_order<avx_pack<float>>();
    check_sum_order<avx_pack<double>>();
#endif
}

namespace {

/// broadcast puts `s` itself in every lane: the same bits, -0 and denormals included.
template <class P>
void check_broadcast() {
    using S = typename P::scalar;
    for (const S s : {S(1.5), S(0), -S(0), -std::numeric_limits<S>::denorm_min(), std::numeric_limits<S>::infinity()}) {
        S lanes[P::width];
        const auto b = P::broadcast(s);
        std::memcpy(lanes, &b, sizeof lanes);
        for (std::size_t l = 0; l < P::width; ++l) REQUIRE(std::memcmp(&lanes[l], &s, sizeof s) == 0);
    }
}

}  // namespace

TEST_CASE("simd: broadcast copies the scalar to every lane bit for bit, -0 included, in every backend") {
    using namespace steer::detail::simd;
    check_broadcast<native_pack<float>>();
    check_broadcast<native_pack<double>>();
    check_broadcast<four_pack<float>>();
    check_broadcast<four_pack<double>>();
    check_broadcast<array_pack<float, 4>>();
#if STEER_DETAIL_AVX_DISPATCH
    check_broadcast<avx_pack<float>>();
    check_broadcast<avx_pack<double>>();
#endif
}

TEST_CASE("simd: the lanes are compiled for the instruction set the build expects") {
    // STEER_TEST_EXPECTED_SIMD comes from the preset (asan and clang: sse2, x86-64-v3: avx, aarch64:
    // neon, wasm32: generic_vectors, ci-gcc: scalar), so a build that silently fell back to
    // another path fails here.
#ifdef STEER_TEST_EXPECTED_SIMD
    CHECK(std::string_view(steer::detail::simd::target) == std::string_view(STEER_TEST_EXPECTED_SIMD));
#else
    MESSAGE("no expected SIMD target given (STEER_EXPECTED_SIMD); compiled for ", steer::detail::simd::target);
#endif
    // The widths the flock's lanes have on each target.
    const std::string_view target = steer::detail::simd::target;
    const std::size_t expected_width = target == "avx" ? 8 : 4;
    CHECK(steer::detail::simd::native_pack<float>::width == expected_width);
    CHECK(steer::detail::simd::native_pack<double>::width == expected_width / 2);
}

namespace {

/// Flocking's sums over `count` candidates of random records (3D), with pack backend P:
/// the separation, heading and offset totals and the heading count, as one row of scalars.
template <class P>
std::vector<typename P::scalar> neighbor_sums(const std::vector<typename P::scalar>& records,
                                              const std::vector<std::uint32_t>& index, std::size_t count) {
    using S = typename P::scalar;
    using V = glm::vec<3, S>;
    constexpr int D = 3;
    const steer::detail::neighborhood_test<V> narrow({.max_distance = S(3), .max_angle = S(2.4)});
    const steer::detail::neighborhood_test<V> wide({.max_distance = S(4), .max_angle = S(3)});
    const steer::detail::lane_neighborhood_test<P, S> separation(narrow), alignment(wide), cohesion(narrow);
    typename P::pack self[3], forward[3];
    for (int d = 0; d < D; ++d) {
        self[d] = P::broadcast(S(0.25) * S(d));
        forward[d] = P::broadcast(d == 0 ? S(1) : S(0));
    }
    steer::detail::lane_flocking_sums<P, D> sums;
    steer::detail::accumulate_neighbors<P, D, steer::detail::fields_of_view::separate>(
        records.data(), index.data(), count, self, forward, separation, alignment, cohesion, sums);
    std::vector<S> row;
    for (int d = 0; d < D; ++d) {
        row.push_back(sums.total(sums.separation, d));
        row.push_back(sums.total(sums.heading, d));
        row.push_back(sums.total(sums.offset, d));
    }
    row.push_back(P::total(sums.heading_count));
    return row;
}

template <class S>
void check_sums_independent_of_width() {
    using namespace steer::detail::simd;
    steer::rng gen(21);
    for (std::size_t count : {1u, 3u, 4u, 5u, 8u, 9u, 13u, 16u, 31u, 64u, 77u}) {
        CAPTURE(count);
        std::vector<S> records(8 * 128);
        for (auto& x : records) x = steer::uniform(gen, S(-3), S(3));
        std::vector<std::uint32_t> index(count + steer::detail::sum_lanes, 0);
        for (std::size_t i = 0; i < count; ++i) index[i] = static_cast<std::uint32_t>(gen() % 128);
        const auto reference = neighbor_sums<array_pack<S, 1>>(records, index, count);
        const auto same = [&](const std::vector<S>& row) {
            return std::memcmp(row.data(), reference.data(), row.size() * sizeof(S)) == 0;
        };
        CHECK(same(neighbor_sums<array_pack<S, 2>>(records, index, count)));
        CHECK(same(neighbor_sums<array_pack<S, 4>>(records, index, count)));
        CHECK(same(neighbor_sums<array_pack<S, 8>>(records, index, count)));
        CHECK(same(neighbor_sums<native_pack<S>>(records, index, count)));
    }
}

}  // namespace

TEST_CASE("simd: the flock's neighbor sums have the same bits with 1, 2, 4 and 8 lanes and the native packs") {
    // The order of the additions is fixed (8 partial sums, added by halves), so a build for
    // AVX (8 float lanes) and one for SSE2, NEON or wasm (4) agree bit for bit.
    check_sums_independent_of_width<float>();
    check_sums_independent_of_width<double>();
}
