package version

import (
	"runtime/debug"
	"strings"

	"github.com/promoctl/promoctl/cmd/cmdutil"
)

// WithBuildInfo is b with what the linker did not set (-ldflags -X
// main.version=…, main.commit=…, main.date=…) from the binary's module
// build info: `go install …@v1.2.3` records the module version, and a build
// in a git checkout records the commit and its time. read is
// debug.ReadBuildInfo; reading it is cheap, so the --version fast path can
// afford it.
func WithBuildInfo(b cmdutil.Build, read func() (*debug.BuildInfo, bool)) cmdutil.Build {
	if b.Version != "" && b.Version != "dev" && b.Commit != "" && b.Date != "" {
		// A release build names everything: parsing the build info would
		// only cost start-up time.
		return b
	}
	if info, ok := read(); ok && info != nil {
		if b.Version == "" || b.Version == "dev" {
			if v := info.Main.Version; v != "" && v != "(devel)" {
				b.Version = strings.TrimPrefix(v, "v")
			}
		}
		for _, s := range info.Settings {
			switch {
			case s.Key == "vcs.revision" && b.Commit == "":
				b.Commit = s.Value
			case s.Key == "vcs.time" && b.Date == "":
				b.Date = s.Value
			}
		}
	}
	if b.Version == "" {
		b.Version = "dev"
	}
	return b
}
