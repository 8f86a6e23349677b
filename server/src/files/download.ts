// The Content-Disposition of a file download (RFC 6266): `filename*` (RFC 8187, UTF-8) names the file
// in the user's language (client/src/api/contentDisposition.ts prefers it, whichever comes first) and
// `filename` is an ASCII stand-in, underscores for the rest, for clients that read only that.
export const attachment = (name: string): string =>
  `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
