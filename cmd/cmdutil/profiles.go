package cmdutil

import (
	"github.com/promoctl/promoctl/internal/config"
)

// RequireProfile fails when a profile the user named explicitly (--profile
// or PROMOCTL_PROFILE) is not in the file.
func RequireProfile(doc *config.Doc, name string, src config.Source) error {
	if doc.HasProfile(name) || !src.Kind.Given() {
		return nil
	}
	return &config.ValueError{Key: "profile", Source: src, Err: config.ProfileNotFound(doc.Path, doc.File, name)}
}
