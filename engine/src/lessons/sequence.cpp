#include "attnbook/lessons/sequence.hpp"

#include <cstring>
#include <string>
#include <utility>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/explore_row.hpp"

#include "attnbook/core/fixed_rows.hpp"

namespace attnbook {

SequenceInput sequence_example() { return SequenceInput{}; }

SequenceResult sequence_rows(const SequenceInput& in) {
    if (in.queries.empty()) throw UserError("queries: needs at least one row");
    if (!in.mask.empty() && in.mask.size() != in.queries.size())
        throw_format("mask: has {} rows but queries has {}", {in.mask.size(), in.queries.size()});
    SequenceResult out;
    ExploreInput row_in;  // the keys and values once; the query (and mask) per row
    row_in.keys = in.keys;
    row_in.values = in.values;
    row_in.divisor = in.divisor;
    for (std::size_t r = 0; r < in.queries.size(); ++r) {
        row_in.query = in.queries[r];
        if (!in.mask.empty()) {
            if (in.mask[r].size() != in.keys.size())
                throw_format("mask[{}] has {} entries but there are {} sources", {r, in.mask[r].size(), in.keys.size()});
            row_in.mask = in.mask[r];
        }
        ExploreRow row;
        try {
            row = explore_row(row_in);
        } catch (const UserError& e) {
            // explore_row names "query"; here it is one of several rows.
            const char* what = e.what();
            if (std::strncmp(what, "query", 5) == 0) throw_format("queries[{}]{}", {r, what + 5});
            throw_format("row {}: {}", {r, what});
        }
        out.scores.push_back(std::move(row.scores));
        out.shares.push_back(std::move(row.shares));
        out.outputs.push_back(std::move(row.output));
        out.all_masked.push_back(row.all_masked);
    }
    return out;
}

}  // namespace attnbook
