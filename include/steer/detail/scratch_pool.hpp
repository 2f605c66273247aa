#ifndef STEER_DETAIL_SCRATCH_POOL_HPP
#define STEER_DETAIL_SCRATCH_POOL_HPP

/// @file
/// Scratch memory for const queries that may run on several threads at once (Detour's
/// per-thread query objects, kept by the queried object instead of by the caller).

#include <atomic>

namespace steer::detail {

/// A pool of reusable scratch objects of type `T`. A query borrows one with `borrow()` and
/// gives it back when the lease ends, so that the next query reuses its memory; queries
/// running at once borrow different objects (a new one when the pool is empty). The pool
/// is a linked list, so giving back never allocates, and its lock is held only to link or
/// unlink one node. Copying a pool gives an empty pool: scratch holds nothing a copy needs.
/// (It owns its nodes through plain pointers: <memory> alone would add a fifth to what
/// including all of steer costs a translation unit.)
template <class T>
class scratch_pool {
    struct node {
        T value{};
        node* next = nullptr;
    };

public:
    /// Scratch borrowed from a pool, returned to it by the destructor.
    class lease {
    public:
        lease(scratch_pool& pool, node* item) noexcept : pool_(&pool), item_(item) {}
        lease(const lease&) = delete;
        lease& operator=(const lease&) = delete;
        ~lease() { pool_->give_back(item_); }
        /// The borrowed scratch.
        [[nodiscard]] T& operator*() const noexcept { return item_->value; }
        /// A member of the borrowed scratch.
        [[nodiscard]] T* operator->() const noexcept { return &item_->value; }

    private:
        scratch_pool* pool_;
        node* item_;
    };

    scratch_pool() = default;
    scratch_pool(const scratch_pool&) noexcept {}
    scratch_pool& operator=(const scratch_pool&) noexcept { return *this; }
    scratch_pool(scratch_pool&& other) noexcept : free_(other.take_all()) {}
    scratch_pool& operator=(scratch_pool&& other) noexcept {
        if (this != &other) {
            node* taken = other.take_all();
            free_list(take_all());
            lock();
            free_ = taken;
            unlock();
        }
        return *this;
    }
    ~scratch_pool() { free_list(free_); }

    /// Borrows a scratch object: one given back earlier, or a new `T{}`.
    [[nodiscard]] lease borrow() {
        lock();
        node* item = free_;
        if (item) free_ = item->next;
        unlock();
        if (!item) item = new node();
        return lease(*this, item);
    }

    /// Frees every scratch object kept.
    void release_memory() noexcept { free_list(take_all()); }

private:
    void give_back(node* item) noexcept {
        lock();
        item->next = free_;
        free_ = item;
        unlock();
    }
    [[nodiscard]] node* take_all() noexcept {
        lock();
        node* all = free_;
        free_ = nullptr;
        unlock();
        return all;
    }
    static void free_list(node* n) noexcept {
        while (n) {
            node* next = n->next;
            delete n;
            n = next;
        }
    }
    // A spin lock: it guards two pointer moves, never an allocation or a query.
    void lock() noexcept {
        while (busy_.test_and_set(std::memory_order_acquire)) {
        }
    }
    void unlock() noexcept { busy_.clear(std::memory_order_release); }

    std::atomic_flag busy_;
    node* free_ = nullptr;
};

}  // namespace steer::detail

#endif  // STEER_DETAIL_SCRATCH_POOL_HPP
