#pragma once
// A notebook at one reading depth as a Jupyter notebook (nbformat 4.5) that recomputes its
// numbers: prose, maths, references and practice become Markdown; every live cell becomes a
// short numpy (or standard-library) program that prints the cell's numbers as the page rounds
// them and checks them against the engine's exact numbers, embedded beside it; cells that only
// work on the page (the playback animation, the help history) become a note with a link back.
//
//   ipynb {text, name?, depth?, state?, url?} -> {"ipynb": <the .ipynb text>, "file": "<id>-<depth>.ipynb"}
//     text   the notebook's JSON text (validated first; an invalid notebook is refused with its
//            first error)
//     depth  beginner|developer|researcher, one of the notebook's depths (default: its first);
//            the cells are those the page shows at that depth
//     state  the page's permalink ("#<id>.q.explore=3,0&..."): each cell's settings, where the
//            engine accepts them (otherwise the cell's own, with a note)
//     url    the lesson page's address, for the links back
#include <nlohmann/json.hpp>

#include "attnbook/notebook/commands.hpp"

namespace attnbook {

// The registry's entry (commands.cpp). The export itself, with every program's text, is not in the
// module a lesson page loads (a learner who never exports pays nothing for it): it is linked where
// enable_ipynb() is called (the CLI, the tests, the export module engine/bindings/export/). Without
// it, the command answers with a UserError saying so.
CommandFunction ipynb_command;

// Makes `ipynb` available in this program (idempotent).
void enable_ipynb();

}  // namespace attnbook
