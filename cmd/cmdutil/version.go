package cmdutil

import (
	"strings"
)

// VersionLine is what --version and `version` print: the version second,
// so `promoctl --version | cut -d' ' -f2` is the version, then the commit
// and its date when they are known. The date is the commit's (vcs.time, or
// .CommitDate in .goreleaser.yaml), not the build's.
func VersionLine(b Build) string {
	v := b.Version
	if v == "" {
		v = "dev"
	}
	var extra []string
	if b.Commit != "" {
		extra = append(extra, "commit "+shortCommit(b.Commit))
	}
	if b.Date != "" {
		extra = append(extra, "commit date "+b.Date)
	}
	if len(extra) == 0 {
		return "promoctl " + v
	}
	return "promoctl " + v + " (" + strings.Join(extra, ", ") + ")"
}

func shortCommit(c string) string {
	if len(c) > 12 {
		return c[:12]
	}
	return c
}
