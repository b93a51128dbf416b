package deploy

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	yaml3 "go.yaml.in/yaml/v3"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"
)

// readArgv parses argv.txt: NAME: WORDS, one a line, words separated by
// single spaces (testdata/slurm/dist-test.sh reads it the same way).
func readArgv(t *testing.T) map[string][]string {
	t.Helper()
	data, err := os.ReadFile("argv.txt")
	if err != nil {
		t.Fatal(err)
	}
	argv := map[string][]string{}
	for i, l := range strings.Split(string(data), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		name, words, ok := strings.Cut(l, ": ")
		if !ok || name == "" || words == "" || strings.ContainsAny(words, "\t'\"\\$*?") || strings.Contains(words, "  ") {
			t.Fatalf("argv.txt:%d: %q: want NAME: WORDS (single spaces, no quoting or expansion)", i+1, l)
		}
		if _, dup := argv[name]; dup {
			t.Fatalf("argv.txt:%d: %s given twice", i+1, name)
		}
		argv[name] = strings.Split(words, " ")
	}
	for _, name := range []string{"check-k", "check-part", "check-merge", "check-unsplit"} {
		if _, ok := argv[name]; !ok {
			t.Fatalf("argv.txt has no line %s", name)
		}
	}
	return argv
}

func read(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.FromSlash(path))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// k8sObjects are the objects of a manifest file, by kind.
type k8sObjects struct {
	jobs     []batchv1.Job
	pvcs     []corev1.PersistentVolumeClaim
	services []corev1.Service
}

var docSep = regexp.MustCompile(`(?m)^---[ \t]*$`)

// decodeKubernetes decodes each YAML document of a manifest file strictly
// into its k8s.io/api type: an unknown or duplicated field, or a kind
// other than batch/v1 Job and v1 PersistentVolumeClaim, is an error.
func decodeKubernetes(data []byte) (k8sObjects, error) {
	var objs k8sObjects
	for i, doc := range docSep.Split(string(data), -1) {
		js, err := yaml.YAMLToJSON([]byte(doc))
		if err != nil {
			return objs, fmt.Errorf("document %d: %v", i+1, err)
		}
		if string(js) == "null" {
			continue // comments only
		}
		var tm metav1.TypeMeta
		if err := yaml.Unmarshal([]byte(doc), &tm); err != nil {
			return objs, fmt.Errorf("document %d: %v", i+1, err)
		}
		switch tm.APIVersion + " " + tm.Kind {
		case "batch/v1 Job":
			var job batchv1.Job
			if err := yaml.UnmarshalStrict([]byte(doc), &job); err != nil {
				return objs, fmt.Errorf("document %d (Job): %v", i+1, err)
			}
			objs.jobs = append(objs.jobs, job)
		case "v1 PersistentVolumeClaim":
			var pvc corev1.PersistentVolumeClaim
			if err := yaml.UnmarshalStrict([]byte(doc), &pvc); err != nil {
				return objs, fmt.Errorf("document %d (PersistentVolumeClaim): %v", i+1, err)
			}
			objs.pvcs = append(objs.pvcs, pvc)
		case "v1 Service":
			var svc corev1.Service
			if err := yaml.UnmarshalStrict([]byte(doc), &svc); err != nil {
				return objs, fmt.Errorf("document %d (Service): %v", i+1, err)
			}
			objs.services = append(objs.services, svc)
		default:
			return objs, fmt.Errorf("document %d: apiVersion %q kind %q: want batch/v1 Job, v1 PersistentVolumeClaim or v1 Service", i+1, tm.APIVersion, tm.Kind)
		}
	}
	return objs, nil
}

// onlyContainer is the one container of job's pod, with its shared
// volume: the claim mounted at the working directory.
func onlyContainer(job batchv1.Job) (c corev1.Container, claim string, err error) {
	pod := job.Spec.Template.Spec
	if len(pod.Containers) != 1 || len(pod.InitContainers) != 0 {
		return c, "", fmt.Errorf("job %s: want one container, no init container", job.Name)
	}
	c = pod.Containers[0]
	if len(c.Args) != 0 {
		return c, "", fmt.Errorf("job %s: the command line goes whole in command, not args", job.Name)
	}
	if pod.RestartPolicy != corev1.RestartPolicyNever {
		return c, "", fmt.Errorf("job %s: restartPolicy %q, want Never (a rerun is the Job's, counted by backoffLimit)", job.Name, pod.RestartPolicy)
	}
	for _, m := range c.VolumeMounts {
		if m.MountPath != c.WorkingDir {
			continue
		}
		for _, v := range pod.Volumes {
			if v.Name == m.Name && v.PersistentVolumeClaim != nil {
				return c, v.PersistentVolumeClaim.ClaimName, nil
			}
		}
	}
	return c, "", fmt.Errorf("job %s: no persistent volume claim mounted at the working directory %q (the parts and the merge share it)", job.Name, c.WorkingDir)
}

// checkKubernetes checks the parts' Indexed Job and the merge Job against
// argv.txt: the same command lines, k completions, one shared volume.
func checkKubernetes(parts, merge k8sObjects, argv map[string][]string) error {
	k, err := strconv.Atoi(argv["check-k"][0])
	if err != nil {
		return fmt.Errorf("argv.txt check-k: %v", err)
	}
	if len(parts.jobs) != 1 || len(parts.pvcs) != 1 || len(merge.jobs) != 1 || len(merge.pvcs) != 0 {
		return errors.New("want check-parts.yaml: one PersistentVolumeClaim and one Job; check-merge.yaml: one Job")
	}
	pj, mj := parts.jobs[0], merge.jobs[0]
	if pj.Spec.CompletionMode == nil || *pj.Spec.CompletionMode != batchv1.IndexedCompletion {
		return fmt.Errorf("job %s: completionMode is not Indexed (electlab's -part auto reads JOB_COMPLETION_INDEX)", pj.Name)
	}
	if pj.Spec.Completions == nil || int(*pj.Spec.Completions) != k {
		return fmt.Errorf("job %s: completions is not %d, argv.txt's check-k", pj.Name, k)
	}
	if mj.Spec.Completions != nil && *mj.Spec.Completions != 1 {
		return fmt.Errorf("job %s: the merge runs once", mj.Name)
	}
	pc, pclaim, err := onlyContainer(pj)
	if err != nil {
		return err
	}
	mc, mclaim, err := onlyContainer(mj)
	if err != nil {
		return err
	}
	if !slices.Equal(pc.Command, argv["check-part"]) {
		return fmt.Errorf("job %s runs %q, argv.txt's check-part is %q", pj.Name, pc.Command, argv["check-part"])
	}
	if !slices.Equal(mc.Command, argv["check-merge"]) {
		return fmt.Errorf("job %s runs %q, argv.txt's check-merge is %q", mj.Name, mc.Command, argv["check-merge"])
	}
	if pc.WorkingDir != mc.WorkingDir || pclaim != mclaim || pclaim != parts.pvcs[0].Name {
		return fmt.Errorf("the parts (%s on claim %s) and the merge (%s on claim %s) do not share the directory of claim %s", pc.WorkingDir, pclaim, mc.WorkingDir, mclaim, parts.pvcs[0].Name)
	}
	if !slices.Contains(parts.pvcs[0].Spec.AccessModes, corev1.ReadWriteMany) {
		return fmt.Errorf("claim %s: not ReadWriteMany (the %d parts' pods write to it at once)", parts.pvcs[0].Name, k)
	}
	return nil
}

// placement are the flags that say where a distributed search's ranks run
// and meet, and where they keep their checkpoints: two command lines of
// one search differ in them alone.
var placement = map[string]bool{"-dist": true, "-nats": true, "-checkpoint": true, "-dist-timeout": true, "-dist-run": true}

// searchOf is argv without its placement flags (and -nats-embed), and the
// placement flags' values.
func searchOf(argv []string) ([]string, map[string]string) {
	var out []string
	vals := map[string]string{}
	for i := 0; i < len(argv); i++ {
		switch {
		case placement[argv[i]] && i+1 < len(argv):
			vals[argv[i]] = argv[i+1]
			i++
		case argv[i] == "-nats-embed":
			vals[argv[i]] = "true"
		default:
			out = append(out, argv[i])
		}
	}
	return out, vals
}

// checkKubernetesDist checks the distributed search's Indexed Job against
// argv.txt: dist-k8s's command line, whose search is dist-ranks's (the
// one make dist-test runs under srun); dist-k completions and pods at
// once; pod 0 reachable at the -nats host through the headless Service;
// a shared volume for the trace and the checkpoints.
func checkKubernetesDist(objs k8sObjects, argv map[string][]string) error {
	k, err := strconv.Atoi(argv["dist-k"][0])
	if err != nil {
		return fmt.Errorf("argv.txt dist-k: %v", err)
	}
	if len(objs.jobs) != 1 || len(objs.pvcs) != 1 || len(objs.services) != 1 {
		return errors.New("want explore-dist.yaml: one Job, one PersistentVolumeClaim, one Service")
	}
	job, svc := objs.jobs[0], objs.services[0]
	if job.Spec.CompletionMode == nil || *job.Spec.CompletionMode != batchv1.IndexedCompletion {
		return fmt.Errorf("job %s: completionMode is not Indexed (-dist indexed:K reads JOB_COMPLETION_INDEX)", job.Name)
	}
	if job.Spec.Completions == nil || int(*job.Spec.Completions) != k || job.Spec.Parallelism == nil || int(*job.Spec.Parallelism) != k {
		return fmt.Errorf("job %s: completions and parallelism must both be %d, argv.txt's dist-k (every rank runs at once)", job.Name, k)
	}
	c, claim, err := onlyContainer(job)
	if err != nil {
		return err
	}
	if !slices.Equal(c.Command, argv["dist-k8s"]) {
		return fmt.Errorf("job %s runs %q, argv.txt's dist-k8s is %q", job.Name, c.Command, argv["dist-k8s"])
	}
	search, vals := searchOf(c.Command)
	want, _ := searchOf(argv["dist-ranks"])
	if !slices.Equal(search, want) {
		return fmt.Errorf("job %s searches %q, but dist-ranks (run under srun by make dist-test) searches %q", job.Name, search, want)
	}
	if vals["-dist"] != fmt.Sprintf("indexed:%d", k) {
		return fmt.Errorf("job %s: -dist %q, want indexed:%d", job.Name, vals["-dist"], k)
	}
	host := fmt.Sprintf("%s-0.%s", job.Name, svc.Name)
	if vals["-nats-embed"] != "true" || !strings.HasPrefix(vals["-nats"], "nats://"+host+":") {
		return fmt.Errorf("job %s: -nats %q: want -nats-embed and nats://%s:PORT (pod 0, rank 1, through the headless Service)", job.Name, vals["-nats"], host)
	}
	port := strings.TrimPrefix(vals["-nats"], "nats://"+host+":")
	if job.Spec.Template.Spec.Subdomain != svc.Name {
		return fmt.Errorf("job %s: its pods' subdomain %q is not the Service %s (pod 0 would not be %s)", job.Name, job.Spec.Template.Spec.Subdomain, svc.Name, host)
	}
	if svc.Spec.ClusterIP != corev1.ClusterIPNone || svc.Spec.Selector["job-name"] != job.Name {
		return fmt.Errorf("service %s: want clusterIP None (headless) selecting job-name %s", svc.Name, job.Name)
	}
	if len(svc.Spec.Ports) != 1 || strconv.Itoa(int(svc.Spec.Ports[0].Port)) != port {
		return fmt.Errorf("service %s: its port is not -nats's %s", svc.Name, port)
	}
	if claim != objs.pvcs[0].Name || !slices.Contains(objs.pvcs[0].Spec.AccessModes, corev1.ReadWriteMany) {
		return fmt.Errorf("job %s: the working directory is not on the ReadWriteMany claim %s (the ranks' checkpoints and the trace)", job.Name, objs.pvcs[0].Name)
	}
	if ck := vals["-checkpoint"]; ck == "" || strings.HasPrefix(ck, "/") {
		return fmt.Errorf("job %s: -checkpoint %q: want a directory under the working directory (the shared volume), so that a retried pod finds it", job.Name, ck)
	}
	return nil
}

// A GitHub Actions workflow: the keys the files under github-actions/
// use; any other is an error (yaml.v3's KnownFields).
type workflow struct {
	Name        string            `yaml:"name"`
	On          map[string]any    `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Jobs        map[string]ghJob  `yaml:"jobs"`
}

type ghJob struct {
	Name     string   `yaml:"name"`
	Needs    []string `yaml:"needs"`
	RunsOn   string   `yaml:"runs-on"`
	If       string   `yaml:"if"`
	Timeout  int      `yaml:"timeout-minutes"`
	Strategy *struct {
		FailFast *bool            `yaml:"fail-fast"`
		Matrix   map[string][]int `yaml:"matrix"`
	} `yaml:"strategy"`
	Steps []ghStep `yaml:"steps"`
}

type ghStep struct {
	Name             string            `yaml:"name"`
	Uses             string            `yaml:"uses"`
	With             map[string]string `yaml:"with"`
	Run              string            `yaml:"run"`
	If               string            `yaml:"if"`
	Env              map[string]string `yaml:"env"`
	Shell            string            `yaml:"shell"`
	WorkingDirectory string            `yaml:"working-directory"`
}

func decodeWorkflow(data []byte) (workflow, error) {
	var w workflow
	dec := yaml3.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&w); err != nil {
		return w, err
	}
	return w, nil
}

// electlabStep is the one step of job that runs electlab (a run of one
// line starting with "electlab "), with its argv.
func electlabStep(name string, job ghJob) (ghStep, []string, error) {
	var found []ghStep
	for _, s := range job.Steps {
		if strings.HasPrefix(s.Run, "electlab ") {
			found = append(found, s)
		}
	}
	if len(found) != 1 {
		return ghStep{}, nil, fmt.Errorf("job %s: %d steps run electlab, want 1", name, len(found))
	}
	// GitHub replaces the expression before the shell runs the line.
	run := strings.ReplaceAll(strings.TrimSuffix(found[0].Run, "\n"), matrixExpr, matrixWord)
	if strings.Contains(run, "\n") || strings.Contains(run, "  ") {
		return ghStep{}, nil, fmt.Errorf("job %s: the electlab step runs %q: want the command line alone, words separated by single spaces", name, found[0].Run)
	}
	return found[0], strings.Split(run, " "), nil
}

// matrixExpr, the matrix job's part (1..k), stands as matrixWord in the
// argv that the test compares.
const matrixExpr, matrixWord = "${{ matrix.part }}", "{matrix.part}"

// matrixPart is the part's argv of a matrix job: argv.txt's check-part
// with "-part auto -parts K" given as "-part ${{ matrix.part }}/K".
func matrixPart(part []string, k string) ([]string, error) {
	for i := 0; i+3 < len(part); i++ {
		if part[i] == "-part" && part[i+1] == "auto" && part[i+2] == "-parts" && part[i+3] == k {
			out := slices.Concat(part[:i], []string{"-part", matrixWord + "/" + k}, part[i+4:])
			return out, nil
		}
	}
	return nil, fmt.Errorf("argv.txt's check-part %q has no -part auto -parts %s", part, k)
}

// checkWorkflow checks the matrix workflow against argv.txt: a job "part"
// over parts 1..k running check-part with -part i/k and uploading its part
// file, and a job "merge" after it that downloads them into the directory
// where it runs check-merge.
func checkWorkflow(w workflow, argv map[string][]string) error {
	k := argv["check-k"][0]
	kn, err := strconv.Atoi(k)
	if err != nil {
		return fmt.Errorf("argv.txt check-k: %v", err)
	}
	part, ok1 := w.Jobs["part"]
	merge, ok2 := w.Jobs["merge"]
	if !ok1 || !ok2 || len(w.Jobs) != 2 {
		return errors.New("want two jobs, part and merge")
	}
	var want []int
	for i := 1; i <= kn; i++ {
		want = append(want, i)
	}
	if part.Strategy == nil || !slices.Equal(part.Strategy.Matrix["part"], want) || len(part.Strategy.Matrix) != 1 {
		return fmt.Errorf("job part: want a matrix of part: %v alone", want)
	}
	if !slices.Equal(merge.Needs, []string{"part"}) {
		return fmt.Errorf("job merge: needs %q, want [part]", merge.Needs)
	}
	ps, pargv, err := electlabStep("part", part)
	if err != nil {
		return err
	}
	wantPart, err := matrixPart(argv["check-part"], k)
	if err != nil {
		return err
	}
	if !slices.Equal(pargv, wantPart) {
		return fmt.Errorf("job part runs %q, want argv.txt's check-part with the matrix's part: %q", pargv, wantPart)
	}
	ms, margv, err := electlabStep("merge", merge)
	if err != nil {
		return err
	}
	if !slices.Equal(margv, argv["check-merge"]) {
		return fmt.Errorf("job merge runs %q, argv.txt's check-merge is %q", margv, argv["check-merge"])
	}
	// The part files travel as artifacts from the parts' directory to the merge's.
	upload := ps.WorkingDirectory + "/electlab-check-part-" + matrixExpr + "-of-" + k + ".json"
	if !slices.ContainsFunc(part.Steps, func(s ghStep) bool {
		return strings.HasPrefix(s.Uses, "actions/upload-artifact@") && s.With["path"] == upload
	}) {
		return fmt.Errorf("job part: no actions/upload-artifact step with path %s", upload)
	}
	if !slices.ContainsFunc(merge.Steps, func(s ghStep) bool {
		return strings.HasPrefix(s.Uses, "actions/download-artifact@") && s.With["path"] == ms.WorkingDirectory && s.With["merge-multiple"] == "true"
	}) {
		return fmt.Errorf("job merge: no actions/download-artifact step into %q with merge-multiple: true", ms.WorkingDirectory)
	}
	return nil
}

func TestKubernetesManifests(t *testing.T) {
	argv := readArgv(t)
	parts, err := decodeKubernetes(read(t, "kubernetes/check-parts.yaml"))
	if err != nil {
		t.Fatalf("kubernetes/check-parts.yaml: %v", err)
	}
	merge, err := decodeKubernetes(read(t, "kubernetes/check-merge.yaml"))
	if err != nil {
		t.Fatalf("kubernetes/check-merge.yaml: %v", err)
	}
	if err := checkKubernetes(parts, merge, argv); err != nil {
		t.Error(err)
	}
}

func TestKubernetesDist(t *testing.T) {
	objs, err := decodeKubernetes(read(t, "kubernetes/explore-dist.yaml"))
	if err != nil {
		t.Fatalf("kubernetes/explore-dist.yaml: %v", err)
	}
	if err := checkKubernetesDist(objs, readArgv(t)); err != nil {
		t.Error(err)
	}
}

func TestGitHubActionsWorkflow(t *testing.T) {
	w, err := decodeWorkflow(read(t, "github-actions/electlab-parts.yml"))
	if err != nil {
		t.Fatalf("github-actions/electlab-parts.yml: %v", err)
	}
	if err := checkWorkflow(w, readArgv(t)); err != nil {
		t.Errorf("github-actions/electlab-parts.yml: %v", err)
	}
}

// TestSlurmScriptReadsArgv: the Slurm checks take their command lines from
// argv.txt, so that what make dist-test runs is what these files run.
func TestSlurmScriptReadsArgv(t *testing.T) {
	script := string(read(t, "../testdata/slurm/dist-test.sh"))
	for _, use := range []string{`argv "$cmd-k"`, `--wrap="$(argv "$cmd-part")"`, `--wrap="$(argv "$cmd-merge")"`, `unsplit "$cmd-unsplit"`,
		`run_argv "$name" >stdout`, "split_run check ", "split_run claims ", "unsplit dist-unsplit", "run_argv dist-ranks",
		"unsplit restart-unsplit", "run_argv restart-ranks", "$(argv restart-ranks)"} {
		if !strings.Contains(script, use) {
			t.Errorf("testdata/slurm/dist-test.sh does not use %s", use)
		}
	}
	if regexp.MustCompile(`(?m)^[^#]*electlab (check|claims|explore) `).MatchString(script) {
		t.Error("testdata/slurm/dist-test.sh has an electlab command line of its own: put it in deploy/argv.txt")
	}
}

// The checks above catch broken files: an unknown field, a changed
// command line, a lost shared volume, a wrong k.
func TestChecksCatchBrokenFiles(t *testing.T) {
	argv := readArgv(t)
	partsText := string(read(t, "kubernetes/check-parts.yaml"))
	mergeText := string(read(t, "kubernetes/check-merge.yaml"))
	wfText := string(read(t, "github-actions/electlab-parts.yml"))
	mustReplace := func(s, old, new string) string {
		t.Helper()
		if strings.Count(s, old) != 1 {
			t.Fatalf("%q is not in the file exactly once", old)
		}
		return strings.Replace(s, old, new, 1)
	}
	k8s := []struct{ name, parts, merge string }{
		{"unknown field", mustReplace(partsText, "completionMode:", "completionsMode:"), mergeText},
		{"unknown kind", mustReplace(partsText, "kind: Job", "kind: CronJob"), mergeText},
		{"other part argv", mustReplace(partsText, `-schedules, "30"`, `-schedules, "31"`), mergeText},
		{"other merge argv", partsText, mustReplace(mergeText, "-out, trace]", "-out, traces]")},
		{"argv in args", partsText, mustReplace(mergeText, "command: [electlab, check,", "command: [electlab]\n          args: [check,")},
		{"k completions", mustReplace(partsText, "completions: 3", "completions: 2"), mergeText},
		{"not indexed", mustReplace(partsText, "completionMode: Indexed", "completionMode: NonIndexed"), mergeText},
		{"another volume", partsText, mustReplace(mergeText, "claimName: electlab-parts", "claimName: other")},
		{"another directory", partsText, mustReplace(mergeText, "workingDir: /parts", "workingDir: /tmp")},
	}
	for _, c := range k8s {
		parts, err1 := decodeKubernetes([]byte(c.parts))
		merge, err2 := decodeKubernetes([]byte(c.merge))
		err := errors.Join(err1, err2)
		if err == nil {
			err = checkKubernetes(parts, merge, argv)
		}
		if err == nil {
			t.Errorf("kubernetes, %s: not caught", c.name)
		} else {
			t.Logf("kubernetes, %s: %v", c.name, err)
		}
	}
	distText := string(read(t, "kubernetes/explore-dist.yaml"))
	for _, c := range []struct{ name, text string }{
		{"unknown field", mustReplace(distText, "backoffLimit: 6", "backoffLimits: 6")},
		{"not headless", mustReplace(distText, "clusterIP: None", "clusterIP: 10.0.0.1")},
		{"another subdomain", mustReplace(distText, "subdomain: electlab-dist", "subdomain: other")},
		{"another search", mustReplace(distText, `-crashed, "4"`, `-crashed, "3"`)},
		{"k ranks", mustReplace(distText, "parallelism: 3", "parallelism: 2")},
		{"another host", mustReplace(distText, "nats://electlab-dist-0.electlab-dist:4222", "nats://electlab-dist-1.electlab-dist:4222")},
		{"another port", mustReplace(distText, "port: 4222", "port: 4223")},
		{"no shared volume", mustReplace(distText, "claimName: electlab-dist", "claimName: other")},
	} {
		objs, err := decodeKubernetes([]byte(c.text))
		if err == nil {
			err = checkKubernetesDist(objs, argv)
		}
		if err == nil {
			t.Errorf("kubernetes dist, %s: not caught", c.name)
		} else {
			t.Logf("kubernetes dist, %s: %v", c.name, err)
		}
	}
	gha := []struct{ name, text string }{
		{"unknown key", mustReplace(wfText, "fail-fast: false", "fail_fast: false")},
		{"unknown step key", mustReplace(wfText, "        working-directory: parts\n        run: electlab check -merge", "        workdir: parts\n        run: electlab check -merge")},
		{"other part argv", mustReplace(wfText, "-crash-budget 1 -schedules 30 -part", "-crash-budget 2 -schedules 30 -part")},
		{"other merge argv", mustReplace(wfText, "of-3.json -out trace", "of-3.json -out trace -json")},
		{"matrix short", mustReplace(wfText, "part: [1, 2, 3]", "part: [1, 2]")},
		{"merge not after parts", mustReplace(wfText, "needs: [part]", "needs: []")},
		{"artifacts elsewhere", mustReplace(wfText, "          path: parts\n", "          path: .\n")},
	}
	for _, c := range gha {
		w, err := decodeWorkflow([]byte(c.text))
		if err == nil {
			err = checkWorkflow(w, argv)
		}
		if err == nil {
			t.Errorf("github actions, %s: not caught", c.name)
		} else {
			t.Logf("github actions, %s: %v", c.name, err)
		}
	}
}
