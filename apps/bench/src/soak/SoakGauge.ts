/** The process's footprint in one window of a soak. */
export interface SoakGauge {
  window: number
  /** Resident set after a full garbage collection at the window's end, bytes. */
  rssAfterGc: number
  /** V8 heap in use after that collection, bytes. */
  heapUsed: number
  /** The fewest open file descriptors seen in the window (sampled each second): in-flight sockets come and go, a leak raises the floor. */
  fdFloor: number
}
