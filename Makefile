# electlab — see README.md. Every target needs only Go (1.26+).
GO       ?= go
FUZZTIME ?= 30s
BENCHCOUNT ?= 6
REPORT   ?= report

.PHONY: all test claims build fuzz bench vet clean

all: test

## test: vet and every test (the CI job; under 10 minutes on 2 cores)
test: vet
	$(GO) test ./...

vet:
	$(GO) vet ./...

## claims: check every registered claim and print the report; also writes $(REPORT)/
claims:
	$(GO) run ./cmd/electlab claims -out $(REPORT)

## build: the electlab binary in bin/
build:
	$(GO) build -o bin/electlab ./cmd/electlab

## fuzz: run every fuzz target for FUZZTIME each
FUZZ_TARGETS = ./traces:FuzzDecode ./cmd/electlab:FuzzScenario ./cmd/electlab:FuzzConfigFlags ./checker:FuzzScheduleChangRoberts ./checker:FuzzScheduleLeLann ./checker:FuzzScheduleRingPoll
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; \
		echo "== $$name ($$pkg, $(FUZZTIME))"; \
		$(GO) test $$pkg -run '^$$' -fuzz "^$$name$$" -fuzztime $(FUZZTIME) || exit 1; \
	done

## bench: the benchmarks, BENCHCOUNT times each (summarise with benchstat)
bench:
	$(GO) test ./model ./checker -run '^$$' -bench . -benchtime 3x -count $(BENCHCOUNT)

clean:
	rm -rf bin $(REPORT)
