// Package filetest holds the file helpers the project's tests share:
// reading a file, listing a directory tree and comparing or rewriting a
// golden file, each failing the test on an error.
//
// It imports nothing of the project; only tests import it.
package filetest

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// ReadFile reads path or fails the test.
func ReadFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// ListTree lists the regular files under dir, relative, with slashes,
// sorted, or fails the test.
func ListTree(t testing.TB, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files = append(files, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	return files
}

// Rewriting reports whether the tests run with -rewrite, the flag
// github.com/cockroachdb/datadriven registers in every test binary that
// imports it: golden files are then written instead of compared.
func Rewriting() bool {
	f := flag.Lookup("rewrite")
	return f != nil && f.Value.String() == "true"
}

// Golden compares got with the golden file at path, line by line, and
// reports a differing line count and the first line that differs; with
// -rewrite (see Rewriting) it writes got to path instead, creating its
// directory. rewrite is the command that rewrites the file, named in the
// failure messages.
func Golden(t testing.TB, path, got, rewrite string) {
	t.Helper()
	if Rewriting() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%v (write it with %s)", err, rewrite)
		return
	}
	if string(want) == got {
		return
	}
	wl, gl := strings.Split(string(want), "\n"), strings.Split(got, "\n")
	if len(wl) != len(gl) {
		t.Errorf("%s: %d lines, the golden file has %d", path, len(gl), len(wl))
	}
	for i := range max(len(wl), len(gl)) {
		w, g := "", ""
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			t.Errorf("%s differs at line %d (review, then rewrite with %s):\nwant: %s\ngot:  %s", path, i+1, rewrite, w, g)
			return
		}
	}
}
