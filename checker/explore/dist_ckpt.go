package explore

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Checkpoints of a distributed search (Options.Checkpoint): once a level
// is stored, every rank writes, before the barrier that ends the level, a
// file of its own for it: the states it stored at that level (key, path,
// the least record that reached it, taint) and what it has counted so far
// (transitions, quiescent states, min/max counts, violations, what it
// sent). The files of levels 1..L rebuild the rank's visited set and its
// frontier after level L. A search started again with the same directory
// and the same command resumes at the last level every rank has written,
// and redoes only the level that was running: its result is the same,
// byte for byte, as that of a search that never stopped (the records a
// level sends are a function of the level's states).
//
// Each file is written to a temporary file in the same directory, synced
// and renamed over its name, so a file is whole or absent.

// ckptMagic starts a checkpoint file; ckptVersion is its format.
const (
	ckptMagic   = "electlab-dist-checkpoint"
	ckptVersion = 1
)

// ckptDir is rank's directory under dir.
func ckptDir(dir string, rank, ranks int) string {
	return filepath.Join(dir, fmt.Sprintf("rank-%d-of-%d", rank+1, ranks))
}

func ckptFile(dir string, level int) string {
	return filepath.Join(dir, fmt.Sprintf("level-%06d.ckpt", level))
}

// ckptLevels is the last level L such that dir holds the files of levels
// 1..L, each whole and of this problem (0: none); a file of another
// problem is an error.
func ckptLevels(dir string, problem uint64) (int, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return 0, nil
		}
		return 0, err
	}
	have := map[int]bool{}
	for _, e := range ents {
		name := e.Name()
		if !strings.HasPrefix(name, "level-") || !strings.HasSuffix(name, ".ckpt") {
			continue
		}
		l, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(name, "level-"), ".ckpt"))
		if err != nil || l < 1 {
			continue
		}
		have[l] = true
	}
	last := 0
	for have[last+1] {
		h, err := readCkptHeader(ckptFile(dir, last+1))
		if err != nil {
			return 0, err
		}
		if h.problem != problem {
			return 0, fmt.Errorf("%s is the checkpoint of another search (another configuration, options or number of ranks): give each search a directory of its own", ckptFile(dir, last+1))
		}
		last++
	}
	return last, nil
}

// ckptHeader is what a checkpoint file says about itself.
type ckptHeader struct {
	problem   uint64
	level     int
	committed int64
}

func readCkptHeader(path string) (ckptHeader, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return ckptHeader{}, err
	}
	h, _, err := parseCkpt(b, path)
	return h, err
}

// parseCkpt checks b's magic, version and checksum and returns its header
// and the rest.
func parseCkpt(b []byte, path string) (ckptHeader, reader, error) {
	bad := func(why string) (ckptHeader, reader, error) {
		return ckptHeader{}, reader{}, fmt.Errorf("%s: not a checkpoint of this electlab: %s", path, why)
	}
	if len(b) < len(ckptMagic)+4 || string(b[:len(ckptMagic)]) != ckptMagic {
		return bad("no header")
	}
	body, sum := b[:len(b)-4], binary.LittleEndian.Uint32(b[len(b)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return bad("bad checksum")
	}
	rd := reader{b: body[len(ckptMagic):]}
	if v := rd.uvarint(); v != ckptVersion {
		return bad(fmt.Sprintf("format version %d, this electlab writes %d", v, ckptVersion))
	}
	h := ckptHeader{problem: rd.u64(), level: int(rd.uvarint()), committed: rd.varint()}
	if rd.err != nil {
		return bad(rd.err.Error())
	}
	return h, rd, nil
}

// writeCkpt writes the checkpoint of level (the states stored at it,
// frontier) and of what the rank has counted.
func (d *distRank) writeCkpt(level int, committed int64, frontier []dstate) error {
	e := d.e
	b := []byte(ckptMagic)
	b = binary.AppendUvarint(b, ckptVersion)
	b = binary.LittleEndian.AppendUint64(b, d.problem)
	b = binary.AppendUvarint(b, uint64(level))
	b = binary.AppendVarint(b, committed)
	// What the rank has counted: its findings (as it reports them at the
	// end) and the engine's own counters.
	d.stats.States = int64(e.vis.n)
	b = binary.AppendVarint(b, e.res.Transitions)
	b = binary.AppendVarint(b, e.res.MemEstimate)
	if e.countsSeen {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	f := d.encodeFindings()
	b = binary.AppendUvarint(b, uint64(len(f)))
	b = append(b, f...)
	vk := e.violVis.Keys()
	b = binary.AppendUvarint(b, uint64(len(vk)))
	for _, k := range vk {
		b = binary.LittleEndian.AppendUint64(b, k)
	}
	b = binary.AppendUvarint(b, uint64(len(frontier)))
	for i := range frontier {
		u := &frontier[i]
		b = binary.LittleEndian.AppendUint64(b, u.key)
		b = appendTuple(b, u.at)
		if u.tainted {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
		b = binary.AppendUvarint(b, uint64(len(u.path)))
		for _, p := range u.path {
			b = binary.AppendUvarint(b, uint64(p))
		}
	}
	b = binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
	return writeWhole(ckptFile(d.ckpt, level), b)
}

// writeWhole writes b to path through a synced temporary file renamed
// over it (path is the rank's own file in its own directory).
func writeWhole(path string, b []byte) error {
	// Never replace what is not a regular file of ours: a symlink, a
	// FIFO, a device or a directory at the name is refused.
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("%s exists and is not a regular file (%s): refused, not replaced", path, fi.Mode().Type())
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(b)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// resume rebuilds the rank after level from its checkpoints: the visited
// set from the states of levels 1..level, the frontier from level's, the
// counters from level's. It returns the frontier and the states stored
// by every rank.
func (d *distRank) resume(level int) ([]dstate, int64, error) {
	e := d.e
	var frontier []dstate
	var committed int64
	for l := 1; l <= level; l++ {
		path := ckptFile(d.ckpt, l)
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, 0, err
		}
		h, rd, err := parseCkpt(b, path)
		if err != nil {
			return nil, 0, err
		}
		if h.problem != d.problem || h.level != l {
			return nil, 0, fmt.Errorf("%s: the checkpoint of another search or level", path)
		}
		last := l == level
		transitions, mem := rd.varint(), rd.varint()
		countsSeen := rd.byte() == 1
		nf := rd.uvarint()
		if nf > uint64(len(rd.b)) {
			return nil, 0, fmt.Errorf("%s: not a checkpoint of this electlab: truncated", path)
		}
		fb := rd.b[:nf]
		rd.b = rd.b[nf:]
		nv := rd.uvarint()
		var vkeys []uint64
		for i := uint64(0); i < nv && rd.err == nil; i++ {
			vkeys = append(vkeys, rd.u64())
		}
		n := rd.uvarint()
		frontier = frontier[:0]
		for i := uint64(0); i < n && rd.err == nil; i++ {
			u := dstate{key: rd.u64(), at: rd.tuple(), tainted: rd.byte() == 1}
			m := rd.uvarint()
			if m > uint64(len(rd.b)) {
				rd.fail()
				break
			}
			u.path = make([]uint16, m)
			for k := range m {
				u.path[k] = uint16(rd.uvarint())
			}
			if j, found := e.vis.find(u.key); !found {
				e.vis.insert(j, u.key, 0, 0)
			}
			if last {
				frontier = append(frontier, u)
			}
		}
		if rd.err != nil || len(rd.b) != 0 {
			return nil, 0, fmt.Errorf("%s: not a checkpoint of this electlab: bad contents", path)
		}
		if !last {
			continue
		}
		f, err := decodeFindings(fb)
		if err != nil {
			return nil, 0, fmt.Errorf("%s: not a checkpoint of this electlab: %v", path, err)
		}
		committed = h.committed
		e.res.Transitions, e.res.MemEstimate, e.countsSeen = transitions, mem, countsSeen
		e.res.Final, e.res.Counts = f.final, f.counts
		if e.res.Counts == nil && e.opt.Counts != CountsNone && countsSeen {
			e.res.Counts = &CountRanges{}
		}
		d.errAt, d.errMsg = f.errAt, f.errMsg
		if f.errMsg != "" {
			e.res.Err = errors.New(f.errMsg)
		}
		d.stats = f.stats
		clear(d.viols)
		for _, v := range f.viols {
			d.viols[v.prop+"\x00"+v.msg] = v
		}
		slices.Sort(vkeys)
		for _, k := range vkeys {
			if j, found := e.violVis.find(k); !found {
				e.violVis.insert(j, k, 0, 0)
			}
		}
	}
	e.res.MaxDepth = level
	d.level = level
	return frontier, committed, nil
}
