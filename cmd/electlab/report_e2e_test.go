//go:build e2e

// The real-browser check of the HTML report (make e2e): it generates the
// full default report, opens report.html in headless Chromium through the
// DevTools protocol and checks that every claim row and every plot is
// rendered without a console error, saving screenshots as artifacts.
//
//	E2E_CHROMIUM=/usr/bin/chromium E2E_ARTIFACTS=report/e2e go test -tags e2e -run TestReportE2E ./cmd/electlab
//
// The DevTools client below is minimal on purpose (a WebSocket client over
// net/http; no dependency).

package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// chromiumFlags are the flags the issue asks for, plus the debugging port.
var chromiumFlags = []string{
	"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
	"--disable-background-networking", "--disable-component-update",
	"--disable-sync", "--disable-quic", "--disable-dev-shm-usage",
	"--hide-scrollbars", "--window-size=1400,1000",
	"--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
}

func TestReportE2E(t *testing.T) {
	bin := os.Getenv("E2E_CHROMIUM")
	if bin == "" {
		for _, c := range []string{"chromium", "chromium-browser", "google-chrome"} {
			if p, err := exec.LookPath(c); err == nil {
				bin = p
				break
			}
		}
	}
	if bin == "" {
		t.Fatal("no chromium: set E2E_CHROMIUM or run make e2e, which installs it")
	}
	artifacts := os.Getenv("E2E_ARTIFACTS")
	if artifacts == "" {
		artifacts = t.TempDir()
	}
	if err := os.MkdirAll(artifacts, 0o755); err != nil {
		t.Fatal(err)
	}
	artifacts, _ = filepath.Abs(artifacts)

	// The full default report, as `make claims` writes it.
	dir := t.TempDir()
	start := time.Now()
	r := cli(t, "claims", "-out", dir, "-json")
	if r.code != 0 {
		t.Fatalf("claims -out failed:\n%s", r)
	}
	t.Logf("full default report in %v", time.Since(start).Round(time.Millisecond))
	var rep struct {
		Verdicts map[string]int `json:"verdicts"`
		Claims   []struct {
			ID        string   `json:"id"`
			Algorithm string   `json:"algorithm"`
			Verdict   string   `json:"verdict"`
			Plots     []string `json:"plots"`
		} `json:"claims"`
		// Comparison is the ring algorithms' comparison section, shown
		// after the claims, with its one plot.
		Comparison *struct {
			Plot string `json:"plot"`
		} `json:"comparison"`
	}
	r.decode(t, &rep)
	var wantRows, wantPlots []string
	for _, c := range rep.Claims {
		wantRows = append(wantRows, c.ID+"|"+c.Algorithm+"|"+c.Verdict)
		wantPlots = append(wantPlots, c.Plots...)
	}
	if rep.Comparison != nil && rep.Comparison.Plot != "" {
		wantPlots = append(wantPlots, rep.Comparison.Plot)
	}
	if len(wantPlots) == 0 {
		t.Fatalf("the report has no plot")
	}

	b := startBrowser(t, bin)
	page := b.page(t)
	defer page.close()
	for _, m := range []string{"Runtime.enable", "Log.enable", "Page.enable"} {
		page.call(t, m, nil, nil)
	}
	page.call(t, "Emulation.setDeviceMetricsOverride", map[string]any{"width": 1400, "height": 1000, "deviceScaleFactor": 1, "mobile": false}, nil)
	pageURL := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(dir, "report.html"))}).String()
	loaded := page.waitFor("Page.loadEventFired")
	page.call(t, "Page.navigate", map[string]any{"url": pageURL}, nil)
	select {
	case <-loaded:
	case <-time.After(60 * time.Second):
		t.Fatalf("report.html did not load in 60s")
	}

	// What the browser rendered.
	var res struct {
		Result struct {
			Value struct {
				Title    string   `json:"title"`
				Rows     []string `json:"rows"`
				Sections int      `json:"sections"`
				Counts   int      `json:"counts"`
				Imgs     []struct {
					Src      string  `json:"src"`
					Complete bool    `json:"complete"`
					Width    int     `json:"naturalWidth"`
					Height   int     `json:"naturalHeight"`
					Shown    float64 `json:"shown"`
				} `json:"imgs"`
				Diagrams []struct {
					Src      string `json:"src"`
					Complete bool   `json:"complete"`
					Width    int    `json:"naturalWidth"`
				} `json:"diagrams"`
				Links []string `json:"links"`
			} `json:"value"`
		} `json:"result"`
	}
	const probe = `(async () => {
	  const imgs = [...document.querySelectorAll('img.plot')];
	  await Promise.all(imgs.map(i => i.decode().catch(() => null)));
	  const diagrams = [...document.querySelectorAll('img.diagram')];
	  await Promise.all(diagrams.map(i => i.decode().catch(() => null)));
	  return {
	    title: document.title,
	    rows: [...document.querySelectorAll('#claims tr.claim-row')].map(r =>
	      r.dataset.claim + '|' + r.dataset.algorithm + '|' + r.dataset.verdict +
	      (r.getBoundingClientRect().height > 0 ? '' : '|hidden')),
	    sections: document.querySelectorAll('section.claim').length,
	    counts: document.querySelectorAll('#counts li').length,
	    imgs: imgs.map(i => ({src: i.getAttribute('src'), complete: i.complete,
	      naturalWidth: i.naturalWidth, naturalHeight: i.naturalHeight,
	      shown: i.getBoundingClientRect().width})),
	    diagrams: diagrams.map(i => ({src: i.getAttribute('src'), complete: i.complete, naturalWidth: i.naturalWidth})),
	    links: [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href')),
	  };
	})()`
	page.call(t, "Runtime.evaluate", map[string]any{"expression": probe, "awaitPromise": true, "returnByValue": true}, &res)
	got := res.Result.Value
	if got.Title != "electlab claims report" {
		t.Errorf("title %q", got.Title)
	}
	if !slices.Equal(got.Rows, wantRows) {
		t.Errorf("the page shows %d claim rows, report.json has %d:\n got %v\nwant %v", len(got.Rows), len(wantRows), got.Rows, wantRows)
	}
	if got.Sections != len(wantRows) {
		t.Errorf("%d claim sections, want %d", got.Sections, len(wantRows))
	}
	if got.Counts != len(rep.Verdicts) {
		t.Errorf("%d verdict counts shown, want one per verdict of report.json (%d)", got.Counts, len(rep.Verdicts))
	}
	var srcs []string
	for _, img := range got.Imgs {
		srcs = append(srcs, img.Src)
		if !img.Complete || img.Width < 100 || img.Height < 100 || img.Shown < 100 {
			t.Errorf("plot %s is not rendered: %+v", img.Src, img)
		}
	}
	// Every counterexample's space-time diagram is embedded and renders.
	if len(got.Diagrams) == 0 {
		t.Errorf("the page embeds no space-time diagram")
	}
	for _, d := range got.Diagrams {
		if !d.Complete || d.Width < 100 {
			t.Errorf("space-time diagram %s is not rendered: %+v", d.Src, d)
		}
	}
	if !slices.Equal(srcs, wantPlots) {
		t.Errorf("the page shows plots %v, report.json lists %v", srcs, wantPlots)
	}
	for _, l := range got.Links {
		if strings.HasPrefix(l, "#") {
			continue
		}
		if strings.Contains(l, ":") {
			t.Errorf("link %q leaves the report directory", l)
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(l))); err != nil {
			t.Errorf("broken link %q: %v", l, err)
		}
	}

	// Screenshots: the top of the page and the whole page.
	shot := func(name string, params map[string]any) {
		var s struct {
			Data string `json:"data"`
		}
		page.call(t, "Page.captureScreenshot", params, &s)
		png, err := base64.StdEncoding.DecodeString(s.Data)
		if err != nil || len(png) < 1000 {
			t.Fatalf("screenshot %s: %v (%d bytes)", name, err, len(png))
		}
		path := filepath.Join(artifacts, name)
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", path)
	}
	shot("report-top.png", map[string]any{"format": "png"})
	var lm struct {
		CSS struct {
			Width  float64 `json:"width"`
			Height float64 `json:"height"`
		} `json:"cssContentSize"`
	}
	page.call(t, "Page.getLayoutMetrics", nil, &lm)
	h := lm.CSS.Height
	if h > 30000 {
		h = 30000
	}
	shot("report-full.png", map[string]any{"format": "png", "captureBeyondViewport": true,
		"clip": map[string]any{"x": 0, "y": 0, "width": 1400, "height": h, "scale": 1}})

	// The first claim with a plot, alone.
	var rect struct {
		Result struct {
			Value *struct {
				X, Y, W, H float64
			} `json:"value"`
		} `json:"result"`
	}
	page.call(t, "Runtime.evaluate", map[string]any{"returnByValue": true, "expression": `(() => {
	  const s = [...document.querySelectorAll('section.claim')].find(s => s.querySelector('img.plot'));
	  if (!s) return null;
	  const r = s.getBoundingClientRect();
	  return {X: r.left + scrollX, Y: r.top + scrollY, W: r.width, H: r.height};
	})()`}, &rect)
	if v := rect.Result.Value; v != nil {
		shot("report-first-plotted-claim.png", map[string]any{"format": "png", "captureBeyondViewport": true,
			"clip": map[string]any{"x": v.X, "y": v.Y, "width": v.W, "height": v.H, "scale": 1}})
	}

	// Console errors, failed loads, CSP violations, exceptions.
	time.Sleep(200 * time.Millisecond)
	for _, e := range page.errors() {
		t.Errorf("browser console: %s", e)
	}
	if err := os.WriteFile(filepath.Join(artifacts, "rendered.json"), mustJSON(got), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d claim rows, %d sections, %d plots rendered, %d links checked, %d console errors", len(got.Rows), got.Sections, len(got.Imgs), len(got.Links), len(page.errors()))
}

func mustJSON(v any) []byte {
	b, _ := json.MarshalIndent(v, "", "  ")
	return append(b, '\n')
}

// browser is a headless Chromium with its DevTools endpoint.
type browser struct {
	http string // http://127.0.0.1:PORT
}

var devtoolsRe = regexp.MustCompile(`DevTools listening on ws://([^/\s]+)/`)

// startBrowser starts Chromium with a fresh profile; the test's cleanup
// stops it.
func startBrowser(t *testing.T, bin string) *browser {
	t.Helper()
	profile := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, append(slices.Clone(chromiumFlags), "--user-data-dir="+profile, "about:blank")...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	t.Cleanup(func() {
		cancel()
		cmd.Wait()
	})
	addr := make(chan string, 1)
	var log bytes.Buffer
	var logMu sync.Mutex
	go func() {
		sc := bufio.NewScanner(stderr)
		sent := false
		for sc.Scan() {
			logMu.Lock()
			log.WriteString(sc.Text() + "\n")
			logMu.Unlock()
			if m := devtoolsRe.FindStringSubmatch(sc.Text()); m != nil && !sent {
				addr <- m[1]
				sent = true
			}
		}
	}()
	select {
	case a := <-addr:
		return &browser{http: "http://" + a}
	case <-time.After(60 * time.Second):
		logMu.Lock()
		defer logMu.Unlock()
		t.Fatalf("chromium did not open its DevTools port in 60s; its stderr:\n%s", log.String())
	}
	return nil
}

// page connects to the browser's first page target.
func (b *browser) page(t *testing.T) *cdp {
	t.Helper()
	var targets []struct {
		Type string `json:"type"`
		WS   string `json:"webSocketDebuggerUrl"`
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(b.http + "/json/list")
		if err == nil {
			err = json.NewDecoder(resp.Body).Decode(&targets)
			resp.Body.Close()
		}
		for _, tg := range targets {
			if tg.Type == "page" && tg.WS != "" {
				c, err := dialCDP(tg.WS)
				if err != nil {
					t.Fatalf("connecting to %s: %v", tg.WS, err)
				}
				return c
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no page target at %s/json/list (%v)", b.http, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// cdp is a DevTools protocol session over one WebSocket.
type cdp struct {
	ws *wsConn

	mu      sync.Mutex
	nextID  int
	pending map[int]chan cdpMsg
	waiters map[string][]chan struct{}
	errs    []string
	readErr error
}

type cdpMsg struct {
	ID     int             `json:"id,omitempty"`
	Method string          `json:"method,omitempty"`
	Params json.RawMessage `json:"params,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

func dialCDP(wsURL string) (*cdp, error) {
	ws, err := dialWS(wsURL)
	if err != nil {
		return nil, err
	}
	c := &cdp{ws: ws, pending: map[int]chan cdpMsg{}, waiters: map[string][]chan struct{}{}}
	go c.readLoop()
	return c, nil
}

func (c *cdp) close() { c.ws.conn.Close() }

func (c *cdp) readLoop() {
	for {
		data, err := c.ws.read()
		if err != nil {
			c.mu.Lock()
			c.readErr = err
			for id, ch := range c.pending {
				close(ch)
				delete(c.pending, id)
			}
			c.mu.Unlock()
			return
		}
		var m cdpMsg
		if err := json.Unmarshal(data, &m); err != nil {
			continue
		}
		c.mu.Lock()
		if m.ID != 0 {
			if ch, ok := c.pending[m.ID]; ok {
				ch <- m
				delete(c.pending, m.ID)
			}
		} else {
			c.event(m)
		}
		c.mu.Unlock()
	}
}

// event records console errors and wakes waiters. c.mu is held.
func (c *cdp) event(m cdpMsg) {
	switch m.Method {
	case "Runtime.consoleAPICalled":
		var p struct {
			Type string `json:"type"`
			Args []struct {
				Value       any    `json:"value"`
				Description string `json:"description"`
			} `json:"args"`
		}
		json.Unmarshal(m.Params, &p)
		if p.Type == "error" || p.Type == "assert" || p.Type == "warning" {
			var parts []string
			for _, a := range p.Args {
				parts = append(parts, fmt.Sprint(a.Value)+a.Description)
			}
			c.errs = append(c.errs, "console."+p.Type+": "+strings.Join(parts, " "))
		}
	case "Runtime.exceptionThrown":
		c.errs = append(c.errs, "exception: "+string(m.Params))
	case "Log.entryAdded":
		var p struct {
			Entry struct {
				Level, Source, Text, URL string
			} `json:"entry"`
		}
		json.Unmarshal(m.Params, &p)
		if p.Entry.Level == "error" || p.Entry.Level == "warning" {
			c.errs = append(c.errs, fmt.Sprintf("%s %s: %s %s", p.Entry.Level, p.Entry.Source, p.Entry.Text, p.Entry.URL))
		}
	}
	for _, ch := range c.waiters[m.Method] {
		close(ch)
	}
	delete(c.waiters, m.Method)
}

// waitFor returns a channel closed at the next event named method.
func (c *cdp) waitFor(method string) <-chan struct{} {
	ch := make(chan struct{})
	c.mu.Lock()
	c.waiters[method] = append(c.waiters[method], ch)
	c.mu.Unlock()
	return ch
}

func (c *cdp) errors() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.errs)
}

// call sends a command and decodes its result into out (when not nil).
func (c *cdp) call(t *testing.T, method string, params any, out any) {
	t.Helper()
	c.mu.Lock()
	if c.readErr != nil {
		err := c.readErr
		c.mu.Unlock()
		t.Fatalf("%s: the DevTools connection is closed: %v", method, err)
	}
	c.nextID++
	id := c.nextID
	ch := make(chan cdpMsg, 1)
	c.pending[id] = ch
	c.mu.Unlock()
	if params == nil {
		params = map[string]any{}
	}
	req, _ := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err := c.ws.write(req); err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	select {
	case m, ok := <-ch:
		if !ok {
			t.Fatalf("%s: the DevTools connection closed", method)
		}
		if m.Error != nil {
			t.Fatalf("%s: %d %s", method, m.Error.Code, m.Error.Message)
		}
		if out != nil {
			if err := json.Unmarshal(m.Result, out); err != nil {
				t.Fatalf("%s: decoding %s: %v", method, m.Result, err)
			}
		}
	case <-time.After(90 * time.Second):
		t.Fatalf("%s: no answer in 90s", method)
	}
}

// wsConn is a minimal RFC 6455 client: text frames out (masked), text,
// continuation, ping and close frames in.
type wsConn struct {
	conn net.Conn
	r    *bufio.Reader
	wmu  sync.Mutex
}

func dialWS(raw string) (*wsConn, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	conn, err := net.DialTimeout("tcp", u.Host, 10*time.Second)
	if err != nil {
		return nil, err
	}
	keyBytes := make([]byte, 16)
	rand.Read(keyBytes)
	key := base64.StdEncoding.EncodeToString(keyBytes)
	req := "GET " + u.RequestURI() + " HTTP/1.1\r\nHost: " + u.Host +
		"\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: " + key +
		"\r\nSec-WebSocket-Version: 13\r\n\r\n"
	if _, err := io.WriteString(conn, req); err != nil {
		conn.Close()
		return nil, err
	}
	r := bufio.NewReaderSize(conn, 1<<16)
	resp, err := http.ReadResponse(r, &http.Request{Method: "GET"})
	if err != nil {
		conn.Close()
		return nil, err
	}
	sum := sha1.Sum([]byte(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
	if resp.StatusCode != http.StatusSwitchingProtocols || resp.Header.Get("Sec-WebSocket-Accept") != base64.StdEncoding.EncodeToString(sum[:]) {
		conn.Close()
		return nil, fmt.Errorf("websocket handshake: %s", resp.Status)
	}
	return &wsConn{conn: conn, r: r}, nil
}

func (w *wsConn) write(payload []byte) error {
	w.wmu.Lock()
	defer w.wmu.Unlock()
	hdr := []byte{0x81} // FIN, text
	n := len(payload)
	switch {
	case n < 126:
		hdr = append(hdr, 0x80|byte(n))
	case n < 1<<16:
		hdr = append(hdr, 0x80|126, byte(n>>8), byte(n))
	default:
		hdr = append(hdr, 0x80|127)
		hdr = binary.BigEndian.AppendUint64(hdr, uint64(n))
	}
	var mask [4]byte
	rand.Read(mask[:])
	hdr = append(hdr, mask[:]...)
	masked := make([]byte, n)
	for i := range payload {
		masked[i] = payload[i] ^ mask[i%4]
	}
	_, err := w.conn.Write(append(hdr, masked...))
	return err
}

func (w *wsConn) read() ([]byte, error) {
	var msg []byte
	for {
		var h [2]byte
		if _, err := io.ReadFull(w.r, h[:]); err != nil {
			return nil, err
		}
		fin, op := h[0]&0x80 != 0, h[0]&0x0f
		n := uint64(h[1] & 0x7f)
		switch n {
		case 126:
			var b [2]byte
			if _, err := io.ReadFull(w.r, b[:]); err != nil {
				return nil, err
			}
			n = uint64(binary.BigEndian.Uint16(b[:]))
		case 127:
			var b [8]byte
			if _, err := io.ReadFull(w.r, b[:]); err != nil {
				return nil, err
			}
			n = binary.BigEndian.Uint64(b[:])
		}
		var mask [4]byte
		if h[1]&0x80 != 0 {
			if _, err := io.ReadFull(w.r, mask[:]); err != nil {
				return nil, err
			}
		}
		if n > 1<<30 {
			return nil, errors.New("websocket frame too large")
		}
		data := make([]byte, n)
		if _, err := io.ReadFull(w.r, data); err != nil {
			return nil, err
		}
		if h[1]&0x80 != 0 {
			for i := range data {
				data[i] ^= mask[i%4]
			}
		}
		switch op {
		case 0x8:
			return nil, errors.New("websocket closed by the browser")
		case 0x9: // ping: answer with a pong
			w.wmu.Lock()
			pong := []byte{0x8a, 0x80 | byte(len(data)), 0, 0, 0, 0}
			w.conn.Write(append(pong, data...))
			w.wmu.Unlock()
			continue
		case 0xa:
			continue
		}
		msg = append(msg, data...)
		if fin {
			return msg, nil
		}
	}
}
