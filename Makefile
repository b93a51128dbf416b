# electlab — see README.md. Every target needs only Go (1.26+).
GO       ?= go
FUZZTIME ?= 30s
BENCHCOUNT ?= 6
REPORT   ?= report

.PHONY: all test test-long claims build fuzz bench vet clean docs e2e

all: test

## test: vet, then the default suite: every test with -short, which skips the
## long searches and the slow doc examples (under 5 minutes on 2 cores);
## one line per package
test: vet mutants-stale
	@echo "== test: go test -short ./... (the default suite, one line per package as each finishes; several minutes on 2 cores; make test-long runs everything)"
	$(GO) test -short ./...

## test-long: vet, then every test, the long searches and the doc examples
## marked slow included (what CI runs)
test-long: vet mutants-stale
	@echo "== test-long: go test -timeout 60m ./... (every test, the long searches and slow doc examples included; tens of minutes on 2 cores, one line per package as each finishes)"
	$(GO) test -timeout 60m ./...

vet:
	@echo "== vet: go vet ./... (compiles every package first: a minute or more on a fresh or busy machine, silent until it finds something)"
	$(GO) vet ./...

## mutants-stale: every mutant of testdata/mutants/table.go still applies
## (its old text is found exactly once, and the mutated file parses; no test
## is run), so that a refactor cannot silently retire one. Part of make test
## and make test-long.
.PHONY: mutants-stale
mutants-stale:
	@echo "== mutants-stale: go run ./testdata/mutants -stale (every mutant still applies and parses; compiling it may take a minute)"
	$(GO) run ./testdata/mutants -stale

## claims: check every registered claim and print the report; also writes $(REPORT)/,
## with [S0]'s and [S3]'s tables re-run beside their printed numbers ($(REPORT)/reproduce-000.txt/.json,
## $(REPORT)/reproduce-003.txt/.json)
claims: build
	@echo "== claims: bin/electlab claims -out $(REPORT) -reproduce 000,003 (every claim and the tables of [S0] and [S3], on every CPU; progress on stderr)"
	bin/electlab claims -out $(REPORT) -reproduce 000,003
	@echo "== claims: wrote $(REPORT)/report.html, report.md, report.json, reproduce-000.*, reproduce-003.*"

## docs: regenerate every generated part of README.md and docs/: docs/CLAIMS.md
## from the claims registry, and the output of every example command (the slow
## ones included) and every generated section; a test fails when one is stale.
## Review the diff: an output whose shape changed is written whole, to re-elide.
docs:
	@echo "== docs: regenerating docs/CLAIMS.md and every example's output in README.md and docs/*.md"
	ELECTLAB_UPDATE_DOCS=1 $(GO) test ./internal/report -run '^TestClaimsDocFresh$$' -count=1
	ELECTLAB_UPDATE_DOCS=1 $(GO) test ./cmd/electlab -run '^TestDocExamples$$' -count=1 -timeout 60m

## e2e: open the full report's report.html in headless Chromium (installed
## with apt-get if missing) and check it renders every claim row and plot
## without console errors; screenshots go to $(REPORT)/e2e/
e2e:
	@echo "== e2e: the report in headless Chromium"
	@CHROMIUM=$$(sh testdata/e2e/chromium.sh) && echo "e2e: $$CHROMIUM" && \
	E2E_CHROMIUM="$$CHROMIUM" E2E_ARTIFACTS="$(CURDIR)/$(REPORT)/e2e" \
		$(GO) test -tags e2e ./cmd/electlab -run '^TestReportE2E$$' -count=1 -v

## build: the electlab binary in bin/
build:
	@echo "== build: go build -o bin/electlab ./cmd/electlab (on a fresh machine compiling takes a minute or more)"
	$(GO) build -o bin/electlab ./cmd/electlab

## fuzz: run every fuzz target for FUZZTIME each
FUZZ_TARGETS = ./traces:FuzzDecode ./internal/scenario:FuzzScenario ./cli:FuzzConfigFlags ./checker/formula:FuzzParse ./checker:FuzzScheduleChangRoberts ./checker:FuzzScheduleLeLann ./checker:FuzzScheduleRingPoll
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; \
		echo "== $$name ($$pkg, $(FUZZTIME))"; \
		$(GO) test $$pkg -run '^$$' -fuzz "^$$name$$" -fuzztime $(FUZZTIME) || exit 1; \
	done

## bench: the benchmarks of the simulator, the checker and the reproductions ([S3] Table 5 row 40), BENCHCOUNT times each (summarise with benchstat)
bench:
	@echo "== bench: go test -bench ./model ./checker ./internal/reproduce (BENCHCOUNT=$(BENCHCOUNT))"
	$(GO) test ./model ./checker ./internal/reproduce -run '^$$' -bench . -benchtime 3x -count $(BENCHCOUNT)

## explore: exhaustive search of Chang-Roberts, n = 5, exact min/max counts (docs/EXPLORE.md)
.PHONY: explore bench-spin
explore:
	@echo "== explore: every schedule of Chang-Roberts (resend), n = 5, exact min/max counts"
	$(GO) run ./cmd/electlab explore -algo changroberts -variant resend -n 5 -counts

## bench-spin: electlab explore vs Spin on the same models (Chang-Roberts, Bully), side by side (installs Debian's spin if missing)
bench-spin:
	@echo "== bench-spin: electlab explore beside Spin (testdata/spin/run.sh)"
	bash testdata/spin/run.sh

clean:
	@echo "== clean: bin/ and $(REPORT)/"
	rm -rf bin $(REPORT)

## mutants: the mutation check of the property tests: each single-line bug of
## testdata/mutants/table.go is injected alone into a temporary copy of the
## module and only the package's property tests run (go test -short
## ./algos/PKG -run Prop: no golden, trace replay or transcript); prints the
## kill table and fails on a survivor that is not explained as equivalent,
## or on a mutant that does not apply or build. Not part of `make test`,
## which only checks that every mutant still applies and parses (-stale).
## MUTANTS_FLAGS='-pkg central' narrows it.
.PHONY: mutants
mutants:
	@echo "== mutants: go run ./testdata/mutants $(MUTANTS_FLAGS) (each mutant's property tests in a temporary module copy: many minutes; one line per mutant)"
	$(GO) run ./testdata/mutants $(MUTANTS_FLAGS)

## examples: vet and test the example module examples/hsring (a separate Go
## module that uses electlab as a library through a replace; see its README)
.PHONY: examples api
examples:
	@echo "== examples: cd examples/hsring && go vet ./... && go test ./..."
	cd examples/hsring && $(GO) vet ./... && $(GO) test ./...

## api: the public packages (outside internal/ and cmd/) with their
## exported-name counts, read from the source with go/ast; every exported
## name must have a doc comment (TestAPIDocumented)
api:
	@echo "== api: the public packages and their exported names (go test ./cmd/electlab -run TestAPI -v)"
	$(GO) test ./cmd/electlab -run '^TestAPI' -count=1 -v

## logic-copies: issue 32's measure of logic copied by hand: the pairs of
## `duplicates --min-lines 5` in non-test Go files with at least half of each
## side's lines inside function bodies (internal/logiccopies, a go/ast
## filter), and how many of them are identical rather than alike in shape.
## For measurement only: duplicates (a finder of repeated lines) is not
## installed in CI, so this target is not part of make test or test-long
## (the filter's own unit tests are).
.PHONY: logic-copies
logic-copies:
	@echo "== logic-copies: duplicates --min-lines 5 --most 200 --seconds 120 | go run ./internal/logiccopies"
	duplicates --min-lines 5 --most 200 --seconds 120 | $(GO) run ./internal/logiccopies

## lint: staticcheck (honnef.co/go/tools, the version pinned here, fetched
## through the Go module proxy) with the tests, on the module and on the
## example module; CI runs it.
STATICCHECK = honnef.co/go/tools/cmd/staticcheck@v0.8.2
.PHONY: lint
lint:
	@echo "== lint: go run $(STATICCHECK) -tests ./... (here and in examples/hsring)"
	$(GO) run $(STATICCHECK) -tests ./...
	cd examples/hsring && $(GO) run $(STATICCHECK) -tests ./...

## dist-test: the scale-out checks on a real one-node Slurm cluster on
## 127.0.0.1 (testdata/slurm/dist-test.sh): starts it with
## testdata/slurm/cluster.sh (which installs Debian's slurm-wlm and munge
## with apt-get when missing, and fails when it cannot), runs a check split
## by an sbatch job array and merged by an afterok job (compared byte for
## byte with the unsplit check) and an srun step of 3 tasks, then stops every
## daemon it started. The command lines are deploy/argv.txt's. As root.
.PHONY: dist-test deploy-test
dist-test: build
	@echo "== dist-test: bash testdata/slurm/dist-test.sh (a one-node Slurm cluster: start, the checks, stop)"
	bash testdata/slurm/dist-test.sh

## deploy-test: the Kubernetes manifests and the GitHub Actions workflow
## under deploy/ decode strictly and run deploy/argv.txt's command lines, as
## the Slurm checks do (deploy/ is a nested Go module, so that the main
## module does not depend on k8s.io/api)
deploy-test:
	@echo "== deploy-test: cd deploy && go vet ./... && go test ./... (a nested module; its first run fetches k8s.io/api)"
	cd deploy && $(GO) vet ./... && $(GO) test -count=1 ./...
