// Package outfile writes electlab's output files, every command's and
// every package's: a file is written whole or not at all, and what the
// path names decides how. "-" is standard output; a character device, a
// FIFO or a socket (/dev/null, /dev/stdout, a named pipe) is opened and
// written through, never replaced; a symbolic link is followed, and the
// regular file it names is replaced (the link stays); a directory, or a
// block device, is refused; a regular file, or a path that does not exist
// yet, is replaced atomically by a temporary file beside it, synced and
// renamed over it (an existing file keeps its permissions). It imports
// nothing of the project, so that every layer may use it.
package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
)

// Kind is how a path is written.
type Kind int

const (
	// Replace: a regular file, or nothing yet: a temporary file beside it,
	// synced and renamed over it.
	Replace Kind = iota
	// Stream: "-" (standard output), a character device, a FIFO or a
	// socket, or a descriptor link (/dev/stdout, /proc/self/fd/N): opened
	// for writing (appending) and written through; never renamed over.
	Stream
	// Directory: refused ("is a directory").
	Directory
	// Refused: a block device or another irregular file.
	Refused
	// Link: a symbolic link, followed (Plan resolves it).
	Link
)

// String names k for messages and tests.
func (k Kind) String() string {
	return [...]string{"replace", "stream", "directory", "refused", "link"}[k]
}

// Decide is the decision for a file of mode m (as os.Lstat reports it).
// It is pure: a test checks the decision for /dev/null without writing it.
func Decide(m fs.FileMode) Kind {
	switch t := m.Type(); {
	case t == 0:
		return Replace
	case t&fs.ModeSymlink != 0:
		return Link
	case t&fs.ModeDir != 0:
		return Directory
	case t&(fs.ModeCharDevice|fs.ModeNamedPipe|fs.ModeSocket) != 0:
		return Stream
	default: // a block device, ModeIrregular
		return Refused
	}
}

// fdLink matches the paths that name an open descriptor of this process:
// writing through them reaches what the descriptor is (a terminal, a
// pipe, the file a shell redirected to), which a rename would not.
var fdLink = regexp.MustCompile(`^/(dev/(stdout|stderr|fd/[0-9]+)|proc/(self|thread-self|[0-9]+)/fd/[0-9]+)$`)

// maxLinks bounds the symbolic links Plan follows (as the kernel's
// ELOOP).
const maxLinks = 40

// Plan is how path is written and what is written: the path itself, or
// for a symbolic link the path the link chain ends at (a regular file to
// replace, or a path to create when the link dangles). It only looks
// (Lstat, Readlink); it never opens or writes. An error says why the path
// cannot be written (a directory, a block device, a link loop).
func Plan(path string) (Kind, string, error) {
	if path == "-" {
		return Stream, path, nil
	}
	p := path
	for hops := 0; ; hops++ {
		fi, err := os.Lstat(p)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
				// Nothing there yet (or a file where a directory should
				// be, which creating the file reports).
				return Replace, p, nil
			}
			return Refused, p, &Error{Path: path, Err: errnoOf(err)}
		}
		k := Decide(fi.Mode())
		switch k {
		case Directory:
			return k, p, &Error{Path: path, Err: errors.New("is a directory")}
		case Refused:
			return k, p, &Error{Path: path, Err: fmt.Errorf("is a %s, not written", typeLong(fi.Mode()))}
		case Link:
			if fdLink.MatchString(filepath.Clean(p)) {
				return Stream, path, nil
			}
			if hops == maxLinks {
				return Refused, p, &Error{Path: path, Err: errors.New("too many levels of symbolic links")}
			}
			t, err := os.Readlink(p)
			if err != nil {
				return Refused, p, &Error{Path: path, Err: errnoOf(err)}
			}
			if !filepath.IsAbs(t) {
				// Relative to the link's directory, resolved by the
				// kernel (not cleaned here: "dir/../x" where dir is a
				// link is not "x").
				t = p[:strings.LastIndex(p, string(filepath.Separator))+1] + t
			}
			p = t
			continue
		}
		return k, p, nil
	}
}

// Error is a failure to write an output file: Path (as the caller gave
// it) and why, with no temporary file's name.
type Error struct {
	Path string
	Err  error
}

func (e *Error) Error() string { return e.Path + ": " + e.Err.Error() }

func (e *Error) Unwrap() error { return e.Err }

// errnoOf is err without the operation and path an *fs.PathError adds
// (which would name a temporary file).
func errnoOf(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// tempPattern is the one pattern of the temporary files written beside
// an output named base (os.CreateTemp replaces the *).
func tempPattern(base string) string { return "." + base + ".tmp-*" }

// WriteFile writes data to path as Plan decides: to stdout for "-"
// (os.Stdout when stdout is nil), through a device, FIFO or descriptor
// link, or atomically over a regular file (the one a link names). A file
// replaced is complete or left as it was; no temporary file is left
// behind on any failure.
func WriteFile(path string, data []byte, stdout io.Writer) error {
	k, target, err := Plan(path)
	if err != nil {
		return err
	}
	switch {
	case path == "-":
		if stdout == nil {
			stdout = os.Stdout
		}
		if _, err := stdout.Write(data); err != nil {
			return &Error{Path: path, Err: err}
		}
		return nil
	case k == Stream:
		return writeThrough(path, data)
	}
	return replace(path, target, data)
}

// writeThrough opens path (a device, FIFO, socket or descriptor link) for
// writing and writes data: nothing is created, truncated or renamed.
func writeThrough(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return &Error{Path: path, Err: errnoOf(err)}
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return &Error{Path: path, Err: fmt.Errorf("write: %v", errnoOf(err))}
	}
	return nil
}

// replace writes data to a temporary file beside target, syncs it and
// renames it over target, keeping an existing file's permissions (else
// 0644). path is the name the caller gave, for errors.
func replace(path, target string, data []byte) (err error) {
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	perm := fs.FileMode(0o644)
	if fi, err := os.Stat(target); err == nil && fi.Mode().IsRegular() {
		perm = fi.Mode().Perm()
	}
	f, err := os.CreateTemp(dir, tempPattern(base))
	if err != nil {
		return &Error{Path: path, Err: fmt.Errorf("cannot create a file in %s: %v", filepath.Clean(dir), errnoOf(err))}
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	wrap := func(e error) error { return &Error{Path: path, Err: fmt.Errorf("write: %v", errnoOf(e))} }
	if _, err = f.Write(data); err != nil {
		return wrap(err)
	}
	if err = f.Chmod(perm); err != nil {
		return wrap(err)
	}
	if err = f.Sync(); err != nil {
		return wrap(err)
	}
	if err = f.Close(); err != nil {
		return wrap(err)
	}
	if err = os.Rename(tmp, target); err != nil {
		return wrap(err)
	}
	return nil
}

// Check says, before any work, whether path can be written: a directory,
// a block device or a link loop cannot; a file to replace (or create)
// needs a directory where a file can be created, which Check tries (a
// temporary file, removed at once). A device, a FIFO and "-" are not
// opened (opening a FIFO waits for its reader): their errors come when
// they are written.
func Check(path string) error {
	k, target, err := Plan(path)
	if err != nil || k == Stream {
		return err
	}
	dir := filepath.Dir(target)
	return probe(path, dir)
}

// probe creates and removes a temporary file in dir; its error names path
// (the caller's) and dir.
func probe(path, dir string) error {
	f, err := os.CreateTemp(dir, tempPattern("electlab-probe"))
	if err != nil {
		return &Error{Path: path, Err: fmt.Errorf("cannot create a file in %s: %v", dir, errnoOf(err))}
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// CheckDir says, before any work, whether dir can be an output directory:
// it is one (or a link to one) where a file can be created, or it does
// not exist yet and its nearest existing ancestor is such a directory
// (MkdirAll will create it). A regular file, a device or "-" is refused.
func CheckDir(dir string) error {
	if err := notDir(dir); err != nil {
		return err
	}
	for d := dir; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		switch {
		case err == nil && fi.IsDir():
			return probe(dir, d)
		case err == nil:
			return &Error{Path: dir, Err: fmt.Errorf("cannot create the directory: %s is not a directory", d)}
		case !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
			return &Error{Path: dir, Err: errnoOf(err)}
		case d == filepath.Dir(d):
			return &Error{Path: dir, Err: errnoOf(err)}
		}
	}
}

// notDir refuses an output directory that is something else: "-", a
// regular file, a device.
func notDir(dir string) error {
	if dir == "-" {
		return &Error{Path: dir, Err: errors.New("not a directory (- is standard output; give a directory)")}
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return &Error{Path: dir, Err: fmt.Errorf("is a %s, not a directory", typeLong(fi.Mode()))}
	}
	return nil
}

// typeLong names a file type for notDir.
func typeLong(m fs.FileMode) string {
	switch {
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "block device"
	case m&fs.ModeNamedPipe != 0:
		return "FIFO"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m.Type() == 0:
		return "file"
	}
	return "special file"
}

// MkdirAll creates the output directory dir (and its parents) when it
// does not exist; a regular file, a device or "-" in its place is
// refused.
func MkdirAll(dir string) error {
	if err := notDir(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return &Error{Path: dir, Err: fmt.Errorf("cannot create the directory: %v", errnoOf(err))}
	}
	return nil
}
