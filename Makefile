# The two commands of the README:
#   make site   build the example site (Content/) into Output/
#   make test   run every test: Swift unit and end-to-end tests, then the browser tests
# Both install what the machine lacks first (scripts/install-deps.sh).

LECTERN := .build/debug/lectern

.PHONY: site test swift-test browser-test bench

site:
	@scripts/install-deps.sh build
	swift build --product lectern
	$(LECTERN) build --site . --output Output

test:
	@scripts/install-deps.sh test
	swift build --build-tests
	swift test --skip-build
	python3 -m pytest Tests/browser -q
