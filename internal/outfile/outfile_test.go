package outfile

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// entries lists dir's names (a temporary file left behind shows here).
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// TestDecide: the decision for each kind of file, by mode and for the real
// /dev/null and /dev/stdout, which are only looked at, never written.
func TestDecide(t *testing.T) {
	for _, c := range []struct {
		mode fs.FileMode
		want Kind
	}{
		{0o644, Replace},
		{fs.ModeDir | 0o755, Directory},
		{fs.ModeSymlink | 0o777, Link},
		{fs.ModeDevice | fs.ModeCharDevice | 0o666, Stream},
		{fs.ModeNamedPipe | 0o644, Stream},
		{fs.ModeSocket | 0o755, Stream},
		{fs.ModeDevice | 0o660, Refused},
		{fs.ModeIrregular, Refused},
	} {
		if got := Decide(c.mode); got != c.want {
			t.Errorf("Decide(%v) = %v, want %v", c.mode, got, c.want)
		}
	}
	fi, err := os.Lstat("/dev/null")
	if err != nil {
		t.Skip(err)
	}
	if got := Decide(fi.Mode()); got != Stream {
		t.Errorf("Decide(/dev/null's mode %v) = %v, want stream", fi.Mode(), got)
	}
	if k, target, err := Plan("/dev/null"); k != Stream || target != "/dev/null" || err != nil {
		t.Errorf("Plan(/dev/null) = %v, %q, %v; want stream", k, target, err)
	}
	if _, err := os.Lstat("/dev/stdout"); err == nil {
		if k, _, err := Plan("/dev/stdout"); k != Stream || err != nil {
			t.Errorf("Plan(/dev/stdout) = %v, %v; want stream (a descriptor link is written through)", k, err)
		}
	}
	if k, _, err := Plan("-"); k != Stream || err != nil {
		t.Errorf(`Plan("-") = %v, %v; want stream`, k, err)
	}
	if k, _, err := Plan("/"); k != Directory || err == nil || err.Error() != "/: is a directory" {
		t.Errorf(`Plan("/") = %v, %v; want "/: is a directory"`, k, err)
	}
}

// TestWriteFileRegular: a new file is created 0644; an existing one is
// replaced with its permissions kept; no temporary file stays.
func TestWriteFileRegular(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	if err := WriteFile(p, []byte("one"), nil); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o644 {
		t.Errorf("new file mode %v, want 0644", fi.Mode())
	}
	if err := os.Chmod(p, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("two"), nil); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "two" {
		t.Errorf("content %q", b)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 {
		t.Errorf("replaced file mode %v, want 0600 kept", fi.Mode())
	}
	if got := entries(t, dir); len(got) != 1 {
		t.Errorf("directory holds %v, want out.txt alone", got)
	}
}

// TestWriteFileStdout: "-" is the stdout given.
func TestWriteFileStdout(t *testing.T) {
	var b bytes.Buffer
	if err := WriteFile("-", []byte("hello"), &b); err != nil || b.String() != "hello" {
		t.Errorf("WriteFile(-) = %v, wrote %q", err, b.String())
	}
}

// TestWriteFileSymlink: a link to a regular file is followed: the file is
// replaced, the link stays a link; a dangling link creates its target; a
// relative link resolves from the link's directory.
func TestWriteFileSymlink(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(sub, "target.txt")
	if err := os.WriteFile(target, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink("sub/target.txt", link); err != nil {
		t.Fatal(err)
	}
	chain := filepath.Join(dir, "chain")
	if err := os.Symlink("link", chain); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(chain, []byte("new"), nil); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{link, chain} {
		if fi, err := os.Lstat(l); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link: %v %v", l, fi, err)
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target holds %q, want new", b)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o640 {
		t.Errorf("target mode %v, want 0640 kept", fi.Mode())
	}
	if got := entries(t, sub); len(got) != 1 {
		t.Errorf("the target's directory holds %v", got)
	}
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink("sub/created.txt", dangling); err != nil {
		t.Fatal(err)
	}
	if k, p, err := Plan(dangling); k != Replace || p != filepath.Join(dir, "sub/created.txt") || err != nil {
		t.Errorf("Plan(dangling) = %v, %q, %v", k, p, err)
	}
	if err := WriteFile(dangling, []byte("c"), nil); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(sub, "created.txt")); string(b) != "c" {
		t.Errorf("dangling link's target holds %q", b)
	}
	loop := filepath.Join(dir, "loop")
	if err := os.Symlink("loop", loop); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(loop, []byte("x"), nil); err == nil || !strings.Contains(err.Error(), "too many levels of symbolic links") {
		t.Errorf("a link loop: %v", err)
	}
	dirLink := filepath.Join(dir, "dirlink")
	if err := os.Symlink("sub", dirLink); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(dirLink, []byte("x"), nil); err == nil || err.Error() != dirLink+": is a directory" {
		t.Errorf("a link to a directory: %v", err)
	}
}

// TestWriteFileFIFO: a FIFO is written through to its reader, and stays a
// FIFO.
func TestWriteFileFIFO(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip(err)
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(p)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	if err := Check(p); err != nil {
		t.Errorf("Check(fifo): %v", err)
	}
	if err := WriteFile(p, []byte("through the pipe"), nil); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(p); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		// (The reader then waits on the old FIFO for ever: not waited for.)
		t.Fatalf("the FIFO was replaced: %v %v", fi, err)
	}
	if s := <-got; s != "through the pipe" {
		t.Errorf("the reader got %q", s)
	}
	if got := entries(t, dir); len(got) != 1 {
		t.Errorf("directory holds %v", got)
	}
}

// TestWriteFileRefused: a directory is refused, an unwritable path fails,
// each with a message naming the path and no temporary file left.
func TestWriteFileRefused(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "adir")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []func(string) error{Check, func(p string) error { return WriteFile(p, []byte("x"), nil) }} {
		if err := f(sub); err == nil || err.Error() != sub+": is a directory" {
			t.Errorf("a directory: %v", err)
		}
	}
	if got := entries(t, sub); len(got) != 0 {
		t.Errorf("the directory now holds %v", got)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("f"), 0o644); err != nil {
		t.Fatal(err)
	}
	under := filepath.Join(file, "x")
	for _, f := range []func(string) error{Check, func(p string) error { return WriteFile(p, []byte("x"), nil) }} {
		if err := f(under); err == nil || err.Error() != under+": cannot create a file in "+file+": not a directory" {
			t.Errorf("under a file: %v", err)
		}
		if err := f("/proc/x"); err == nil || !strings.HasPrefix(err.Error(), "/proc/x: cannot create a file in /proc: ") {
			t.Errorf("/proc/x: %v", err)
		}
	}
	if got := entries(t, dir); len(got) != 2 {
		t.Errorf("directory holds %v, want adir and file", got)
	}
	if err := Check(filepath.Join(dir, "new.json")); err != nil {
		t.Errorf("Check of a new file: %v", err)
	}
	if got := entries(t, dir); len(got) != 2 {
		t.Errorf("Check left %v", got)
	}
}

// TestCheckDir: an output directory may exist or be creatable; a file, a
// device, "-" or a path under a file is refused, and checking creates
// nothing.
func TestCheckDir(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("f"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ dir, want string }{
		{dir, ""},
		{filepath.Join(dir, "a", "b"), ""},
		{file, file + ": is a file, not a directory"},
		{"/dev/null", "/dev/null: is a character device, not a directory"},
		{"-", "-: not a directory (- is standard output; give a directory)"},
		{filepath.Join(file, "x"), filepath.Join(file, "x") + ": cannot create the directory: " + file + " is not a directory"},
		{"/proc/x", "/proc/x: cannot create a file in /proc: "},
	} {
		err := CheckDir(c.dir)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("CheckDir(%s): %v", c.dir, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("CheckDir(%s) = %v, want %q", c.dir, err, c.want)
		}
	}
	if got := entries(t, dir); len(got) != 1 {
		t.Errorf("CheckDir left %v", got)
	}
	if err := MkdirAll(file); err == nil || err.Error() != file+": is a file, not a directory" {
		t.Errorf("MkdirAll(file): %v", err)
	}
	if err := MkdirAll(filepath.Join(dir, "a", "b")); err != nil {
		t.Errorf("MkdirAll: %v", err)
	}
}
