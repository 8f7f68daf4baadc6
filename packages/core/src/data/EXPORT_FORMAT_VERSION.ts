/**
 * The version of the export format (`ExportRecordSchema`) this package writes and the newest it
 * reads. A file of a newer version is refused whole rather than half-understood.
 */
export const EXPORT_FORMAT_VERSION = 1
