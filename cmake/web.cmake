# The browser UI (web/): built by Vite into web/dist, which `parlour serve`
# serves; its unit tests (vitest) and the end-to-end tests (Playwright driving
# Debian's Chromium against the real server) run under ctest. scripts/setup
# installs node_modules.
find_program(NPM npm)
find_program(NODE node)
if(NOT NPM OR NOT NODE OR NOT EXISTS ${CMAKE_SOURCE_DIR}/web/node_modules)
  message(WARNING "npm or web/node_modules is missing: the browser UI is not built. Run scripts/setup (make does).")
  return()
endif()

set(web ${CMAKE_SOURCE_DIR}/web)
file(GLOB_RECURSE web_sources CONFIGURE_DEPENDS ${web}/src/*)
add_custom_command(
  OUTPUT ${web}/dist/index.html
  COMMAND ${NPM} run --silent build
  WORKING_DIRECTORY ${web}
  DEPENDS ${web_sources} ${web}/index.html ${web}/package.json ${web}/package-lock.json ${web}/vite.config.ts
          ${web}/cards.config.ts ${web}/tsconfig.json
  COMMENT "Building the browser UI (TypeScript check, then Vite) into web/dist")
add_custom_target(web ALL DEPENDS ${web}/dist/index.html)

add_test(NAME web_unit COMMAND ${NPM} test --silent WORKING_DIRECTORY ${web})
# Two people play Old Maid in two browsers while the server is killed and restarted.
add_test(NAME web_e2e COMMAND ${NODE} e2e/play.mjs --phone --server $<TARGET_FILE:parlour> WORKING_DIRECTORY ${web})
# Tables of 2 to 12 seats at 1280×800 and 390×844 (one table each, resized), measured: nothing overlaps.
# No screenshots here (some 170 pictures were a third of its time): to look at every table,
# `node e2e/layout.mjs --server build/parlour --shots DIR` in web/.
add_test(NAME web_layout
         COMMAND ${NODE} e2e/layout.mjs --server $<TARGET_FILE:parlour>
         WORKING_DIRECTORY ${web})
# The live odds a person sees are those `parlour odds` gives for the same record and move.
add_test(NAME web_odds COMMAND ${NODE} e2e/odds.mjs --server $<TARGET_FILE:parlour> WORKING_DIRECTORY ${web})
# Two people and a bot play Cheat to the end: put-downs by click, the call, challenges,
# and timed windows (3 s) that run out on the countdown; screenshots to build/screenshots.
add_test(NAME web_cheat
         COMMAND ${NODE} e2e/cheat.mjs --server $<TARGET_FILE:parlour> --shots ${CMAKE_BINARY_DIR}/screenshots
         WORKING_DIRECTORY ${web})
# A person and three bots play five deals of Oh Hell! to the end: bids, cards by click.
add_test(NAME web_oh_hell
         COMMAND ${NODE} e2e/oh_hell.mjs --server $<TARGET_FILE:parlour> --shots ${CMAKE_BINARY_DIR}/screenshots
         WORKING_DIRECTORY ${web})
# A person and three bots play Earl of Coventry, Michigan, Polignac and Lift Smoke to the end:
# cards by click, stakes and capot by button, balances shown, summaries; screenshots to build/screenshots.
add_test(NAME web_tables
         COMMAND ${NODE} e2e/tables.mjs --server $<TARGET_FILE:parlour> --shots ${CMAKE_BINARY_DIR}/screenshots
         WORKING_DIRECTORY ${web})
# A person and three bots play a rubber of Bridge-Whist: dummy hidden until each opening lead and
# face up after it; the score-sheet's line, rules under games and the rubber's 100.
add_test(NAME web_bridge
         COMMAND ${NODE} e2e/bridge.mjs --server $<TARGET_FILE:parlour> --shots ${CMAKE_BINARY_DIR}/screenshots
         WORKING_DIRECTORY ${web})
# A person plays three deals of Conquian against a bot: melds made by selecting their cards.
add_test(NAME web_conquian
         COMMAND ${NODE} e2e/conquian.mjs --server $<TARGET_FILE:parlour> --shots ${CMAKE_BINARY_DIR}/screenshots
         WORKING_DIRECTORY ${web})
# Two people and a bot play a match of Macao: stakes and draws by button, balances shown.
add_test(NAME web_macao
         COMMAND ${NODE} e2e/macao.mjs --server $<TARGET_FILE:parlour> --shots ${CMAKE_BINARY_DIR}/screenshots
         WORKING_DIRECTORY ${web})
# A person plays Montana alone: the grid, a hint played, Undo, on by hints to the end.
add_test(NAME web_montana
         COMMAND ${NODE} e2e/montana.mjs --server $<TARGET_FILE:parlour> --shots ${CMAKE_BINARY_DIR}/screenshots
         WORKING_DIRECTORY ${web})
# A person plays Klondike alone: the columns in one row, a card dragged and taken back; on a phone, by taps
# and hints alone, a deal won, one move that turned a card up taken back on the way.
add_test(NAME web_klondike
         COMMAND ${NODE} e2e/klondike.mjs --server $<TARGET_FILE:parlour> --shots ${CMAKE_BINARY_DIR}/screenshots
         WORKING_DIRECTORY ${web})
# `make cluster N=3` (PostgreSQL, three serve processes, HAProxy): a person at a table in
# Chromium through HAProxy; the process playing it is killed and the page goes on at
# another; screenshots before and after to build/screenshots. Skipped (77) without
# postgresql-15 or haproxy.
add_test(NAME web_cluster
         COMMAND ${NODE} e2e/cluster.mjs --server $<TARGET_FILE:parlour> --shots ${CMAKE_BINARY_DIR}/screenshots
         WORKING_DIRECTORY ${web})
set_tests_properties(web_cluster PROPERTIES SKIP_RETURN_CODE 77)
# Browsers and a server: one browser test at a time, so that their timings
# are not a race between browsers. The one that drives two browsers at once
# (e2e) runs first, with two slots; the others run beside tests of the engine, which
# run niced (cmake/parlour.cmake: parlour_background) and give way to them
# (each passes with both cores busy: layout measures boxes at rest, opened
# with reduced motion). They start before the engine's tests, so that the
# chain of browser tests does not end the run with a core idle.
# web_e2e used to run alone (RUN_SERIAL), then with two slots: with one test beside it
# a fresh clone's first minute had a core a quarter idle (vmstat), as it mostly waits
# on its browsers. It takes one slot and the browser lock now; the engine's tests
# beside it run niced and give way.
set_tests_properties(web_e2e PROPERTIES RESOURCE_LOCK browser TIMEOUT 300 COST 2000)
set_tests_properties(web_odds web_cheat web_oh_hell web_bridge web_conquian web_macao web_montana web_klondike
                     web_cluster PROPERTIES RESOURCE_LOCK browser TIMEOUT 180)
set_tests_properties(web_tables web_layout PROPERTIES RESOURCE_LOCK browser TIMEOUT 240)
parlour_keeps_time(web_layout 120)
parlour_keeps_time(web_cheat 56)
parlour_keeps_time(web_montana 32)
parlour_keeps_time(web_tables 37)
parlour_keeps_time(web_macao 19)
parlour_keeps_time(web_odds 13)
parlour_keeps_time(web_oh_hell 7)
parlour_keeps_time(web_klondike 45)
parlour_keeps_time(web_cluster 25)
