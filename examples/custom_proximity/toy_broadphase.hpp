// A stand-in for an engine's physics broadphase, with the kind of API such systems have:
// integer proxy ids, axis-aligned boxes, and a box query that reports ids. (A real one
// would be a sweep-and-prune or a BVH; this one is a plain list, which is enough here.)
#ifndef TOY_BROADPHASE_HPP
#define TOY_BROADPHASE_HPP

#include <cstddef>
#include <vector>

#include <glm/vec3.hpp>

namespace engine {

struct aabb {
    glm::vec3 min, max;
};

class broadphase {
public:
    int add(const aabb& box) {
        boxes_.push_back(box);
        alive_.push_back(true);
        return static_cast<int>(boxes_.size() - 1);
    }
    void update(int id, const aabb& box) { boxes_[static_cast<std::size_t>(id)] = box; }
    void remove(int id) { alive_[static_cast<std::size_t>(id)] = false; }
    void clear() {
        boxes_.clear();
        alive_.clear();
    }
    template <class F>
    void query(const aabb& box, F&& report) const {
        for (std::size_t id = 0; id < boxes_.size(); ++id) {
            const aabb& b = boxes_[id];
            const bool overlap = alive_[id] && b.min.x <= box.max.x && box.min.x <= b.max.x &&
                                 b.min.y <= box.max.y && box.min.y <= b.max.y && b.min.z <= box.max.z &&
                                 box.min.z <= b.max.z;
            if (overlap) report(static_cast<int>(id));
        }
    }

private:
    std::vector<aabb> boxes_;
    std::vector<bool> alive_;
};

}  // namespace engine

#endif  // TOY_BROADPHASE_HPP
