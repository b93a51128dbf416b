// Package deploy holds no code: its test (make deploy-test) checks that the
// Kubernetes manifests under kubernetes/ and the GitHub Actions workflow
// under github-actions/ decode strictly (an unknown field is an error) and
// run the command lines of argv.txt, the ones that make dist-test runs on a
// real one-node Slurm cluster (testdata/slurm/dist-test.sh). It is a module
// of its own, so that the electlab module does not depend on k8s.io/api.
package deploy
