#ifndef STEER_CROWD_STEP_ARGUMENTS_HPP
#define STEER_CROWD_STEP_ARGUMENTS_HPP

/// @file
/// What `crowd::step` takes besides the step: the think callable, per-agent and batch
/// constraints, and a neighbor radius chosen agent by agent.

#include <concepts>
#include <span>
#include <type_traits>
#include <utility>

#include "../detail/simd.hpp"
#include "../vector.hpp"
#include "../vehicle.hpp"
#include "crowd_neighbors.hpp"

namespace steer {

/// A think callable for `crowd::step`: `think(id, self, neighbors)` returns the steering
/// force the agent applies (a `V`); in a crowd whose agents carry data of type `T`,
/// `think(id, self, data, neighbors)`, `data` being the agent's own, writable. It may be
/// called from several threads at once, for different agents; with `serial_executor` it is
/// called on the stepping thread only.
template <class F, class V, class Lanes = detail::simd::native_pack<scalar_t<V>>, class T = void>
concept crowd_think =
    vector<V> &&
    ((std::is_void_v<T> &&
      requires(F& f, crowd_id id, const vehicle<V>& self, const crowd_neighbors<V, Lanes, T>& neighbors) {
          { f(id, self, neighbors) } -> std::convertible_to<V>;
      }) ||
     (!std::is_void_v<T> &&
      requires(F& f, crowd_id id, const vehicle<V>& self, std::add_lvalue_reference_t<T> data,
               const crowd_neighbors<V, Lanes, T>& neighbors) {
          { f(id, self, data, neighbors) } -> std::convertible_to<V>;
      }));

/// A constraint for `crowd::step`: `constrain(id, vehicle)` (and the agent's data, `T&`, in a
/// crowd whose agents carry data) after the agent moved.
template <class F, class V, class T = void>
concept crowd_constraint =
    (std::is_void_v<T> && std::invocable<F&, crowd_id, vehicle<V>&>) ||
    (!std::is_void_v<T> && std::invocable<F&, crowd_id, vehicle<V>&, std::add_lvalue_reference_t<T>>);

/// A constraint that `crowd::step` calls a batch of agents at a time, once they have moved:
/// `constrain(ids, vehicles)`, or `constrain(ids, vehicles, data)` in a crowd whose agents
/// carry data, spans of the same length (a handle, its vehicle and its data at each index;
/// the crowd's storage order, not the handles'). For constraints that run best over many
/// agents at once, such as `set_velocities`, which keeps walkers' velocities along the
/// ground several vehicles per instruction where `vehicle::set_velocity` takes them one
/// by one. Batches may run on several threads at once; each call may change only the agents
/// it is given, and how agents are split into batches depends on the executor, so what it
/// does to an agent must not depend on the others of its batch.
template <class F>
struct batch_constraint {
    F constrain;  ///< Called with each batch's spans.
};
/// `batch_constraint{f}` deduces its type (a deduction guide: clang 14 deduces no aggregate's).
template <class F>
batch_constraint(F) -> batch_constraint<F>;

namespace detail {
template <class C>
inline constexpr bool is_batch_constraint = false;
template <class F>
inline constexpr bool is_batch_constraint<batch_constraint<F>> = true;
}  // namespace detail

/// A constraint for `crowd::step`: per agent (`crowd_constraint`), or a `batch_constraint`
/// whose callable takes spans of handles, vehicles (and data, `T`, in a crowd whose agents
/// carry data).
template <class C, class V, class T = void>
concept crowd_step_constraint =
    crowd_constraint<C, V, T> ||
    (detail::is_batch_constraint<std::remove_cvref_t<C>> &&
     ((std::is_void_v<T> && std::invocable<decltype(std::declval<C&>().constrain)&, std::span<const crowd_id>,
                                           std::span<vehicle<V>>>) ||
      (!std::is_void_v<T> && std::invocable<decltype(std::declval<C&>().constrain)&, std::span<const crowd_id>,
                                            std::span<vehicle<V>>, std::span<std::conditional_t<std::is_void_v<T>, int, T>>>)));

/// A step's neighbor radius chosen agent by agent, passed to `crowd::step` where it takes a
/// radius: the grid is laid out for `widest`, and each agent due to think is given the
/// others within `of(id, vehicle)` of it (`of(id, vehicle, data)` in a crowd whose agents
/// carry data, as it was before the step), which must be in [0, widest]. For agents that
/// look only as far as their thought of the frame needs: e.g. a wide look at the main
/// thoughts and a near one for the personal space between them, so that the near ones
/// neither gather nor walk through the far neighbors. `of` is called once per thinking
/// agent, possibly on several threads at once.
template <class S, class F>
struct radius_by_agent {
    S widest;  ///< The largest radius any agent is given (>= 0, finite): the grid's.
    F of;      ///< The agent's own radius this step, in [0, widest].
};
/// `radius_by_agent{widest, of}` deduces its types (a deduction guide: clang 14 deduces no
/// aggregate's).
template <class S, class F>
radius_by_agent(S, F) -> radius_by_agent<S, F>;

/// An agent's own radius for `radius_by_agent`: `of(id, vehicle)`, or with the agent's data,
/// `of(id, vehicle, data)`, returning a scalar.
template <class F, class V, class T = void>
concept crowd_radius_of =
    vector<V> &&
    ((std::is_void_v<T> && requires(F& f, crowd_id id, const vehicle<V>& self) {
         { f(id, self) } -> std::convertible_to<scalar_t<V>>;
     }) ||
     (!std::is_void_v<T> && requires(F& f, crowd_id id, const vehicle<V>& self, const T& data) {
         { f(id, self, data) } -> std::convertible_to<scalar_t<V>>;
     }));

}  // namespace steer

#endif  // STEER_CROWD_STEP_ARGUMENTS_HPP
