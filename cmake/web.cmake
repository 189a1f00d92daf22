# The browser UI (web/): built by Vite into web/dist, which `parlour serve`
# serves; its unit tests (vitest) and the end-to-end test (Playwright driving
# Debian's Chromium) run under ctest. scripts/setup installs node_modules.
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
add_test(NAME web_e2e COMMAND ${NODE} e2e/play.mjs --phone --server $<TARGET_FILE:parlour> WORKING_DIRECTORY ${web})
# Two browsers and a server: alone, so that its timings are not a 2-core race.
set_tests_properties(web_e2e PROPERTIES RUN_SERIAL TRUE TIMEOUT 300)
