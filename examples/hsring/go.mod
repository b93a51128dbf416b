module example.com/hsring

go 1.26.0

require github.com/electlab/electlab v0.0.0

require (
	github.com/anishathalye/porcupine v1.3.1 // indirect
	github.com/cockroachdb/datadriven v1.0.3 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	pgregory.net/rapid v1.3.0 // indirect
)

replace github.com/electlab/electlab => ../..
