;; Dot products of one query with many rows of float32s, in WebAssembly SIMD.
;; Rows lie end to end from byte offset $rows, `dims` floats each; results go to $out.
;; Assembled into DOT_KERNEL_WASM.ts by scripts/assemble-dot-kernel.mjs.
(module
  (import "env" "memory" (memory 1))

  ;; Exact: the same sums as the JS scan, bit for bit. Each product of two float32s is exact in
  ;; float64; four running sums take every fourth product (lanes a, b of $acc0 and c, e of $acc1),
  ;; the remainder goes into a, and the result is ((a + b) + c) + e. The query is given promoted to
  ;; float64 at $query. Results are float64 at $out.
  (func (export "dotsExact")
    (param $rows i32) (param $count i32) (param $dims i32) (param $query i32) (param $out i32)
    (local $row i32) (local $end i32) (local $p i32) (local $q i32) (local $stop i32) (local $stride i32)
    (local $acc0 v128) (local $acc1 v128) (local $x v128) (local $a f64)
    (local.set $stride (i32.shl (local.get $dims) (i32.const 2)))
    (local.set $row (local.get $rows))
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 3))))
    (block $done
      (loop $each_row
        (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
        (local.set $acc0 (v128.const i64x2 0 0))
        (local.set $acc1 (v128.const i64x2 0 0))
        (local.set $p (local.get $row))
        (local.set $q (local.get $query))
        (local.set $stop (i32.add (local.get $row)
          (i32.shl (i32.and (local.get $dims) (i32.const -4)) (i32.const 2))))
        (block $fours_done
          (loop $fours
            (br_if $fours_done (i32.ge_u (local.get $p) (local.get $stop)))
            (local.set $x (v128.load (local.get $p)))
            (local.set $acc0 (f64x2.add (local.get $acc0)
              (f64x2.mul (f64x2.promote_low_f32x4 (local.get $x)) (v128.load (local.get $q)))))
            (local.set $acc1 (f64x2.add (local.get $acc1)
              (f64x2.mul
                (f64x2.promote_low_f32x4
                  (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $x) (local.get $x)))
                (v128.load offset=16 (local.get $q)))))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (local.set $q (i32.add (local.get $q) (i32.const 32)))
            (br $fours)))
        (local.set $a (f64x2.extract_lane 0 (local.get $acc0)))
        (local.set $stop (i32.add (local.get $row) (local.get $stride)))
        (block $rest_done
          (loop $rest
            (br_if $rest_done (i32.ge_u (local.get $p) (local.get $stop)))
            (local.set $a (f64.add (local.get $a)
              (f64.mul (f64.promote_f32 (f32.load (local.get $p))) (f64.load (local.get $q)))))
            (local.set $p (i32.add (local.get $p) (i32.const 4)))
            (local.set $q (i32.add (local.get $q) (i32.const 8)))
            (br $rest)))
        (f64.store (local.get $out)
          (f64.add
            (f64.add
              (f64.add (local.get $a) (f64x2.extract_lane 1 (local.get $acc0)))
              (f64x2.extract_lane 0 (local.get $acc1)))
            (f64x2.extract_lane 1 (local.get $acc1))))
        (local.set $row (i32.add (local.get $row) (local.get $stride)))
        (local.set $out (i32.add (local.get $out) (i32.const 8)))
        (br $each_row))))

  ;; Approximate: float32 products and sums, sixteen running sums (four lanes of four vectors),
  ;; folded pairwise, then the remainder one by one. Half the work of the exact kernel per byte,
  ;; with a rounding error bounded by the number of additions in the longest chain
  ;; (see NamespaceVectorIndex). The query is float32 at $query; results are float32 at $out.
  (func (export "dotsApproximate")
    (param $rows i32) (param $count i32) (param $dims i32) (param $query i32) (param $out i32)
    (local $row i32) (local $end i32) (local $p i32) (local $q i32) (local $stop i32) (local $stride i32)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128) (local $s f32)
    (local.set $stride (i32.shl (local.get $dims) (i32.const 2)))
    (local.set $row (local.get $rows))
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2))))
    (block $done
      (loop $each_row
        (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
        (local.set $a0 (v128.const i64x2 0 0))
        (local.set $a1 (v128.const i64x2 0 0))
        (local.set $a2 (v128.const i64x2 0 0))
        (local.set $a3 (v128.const i64x2 0 0))
        (local.set $p (local.get $row))
        (local.set $q (local.get $query))
        (local.set $stop (i32.add (local.get $row)
          (i32.shl (i32.and (local.get $dims) (i32.const -16)) (i32.const 2))))
        (block $sixteens_done
          (loop $sixteens
            (br_if $sixteens_done (i32.ge_u (local.get $p) (local.get $stop)))
            (local.set $a0 (f32x4.add (local.get $a0)
              (f32x4.mul (v128.load (local.get $p)) (v128.load (local.get $q)))))
            (local.set $a1 (f32x4.add (local.get $a1)
              (f32x4.mul (v128.load offset=16 (local.get $p)) (v128.load offset=16 (local.get $q)))))
            (local.set $a2 (f32x4.add (local.get $a2)
              (f32x4.mul (v128.load offset=32 (local.get $p)) (v128.load offset=32 (local.get $q)))))
            (local.set $a3 (f32x4.add (local.get $a3)
              (f32x4.mul (v128.load offset=48 (local.get $p)) (v128.load offset=48 (local.get $q)))))
            (local.set $p (i32.add (local.get $p) (i32.const 64)))
            (local.set $q (i32.add (local.get $q) (i32.const 64)))
            (br $sixteens)))
        (local.set $a0 (f32x4.add
          (f32x4.add (local.get $a0) (local.get $a1))
          (f32x4.add (local.get $a2) (local.get $a3))))
        (local.set $s (f32.add
          (f32.add (f32x4.extract_lane 0 (local.get $a0)) (f32x4.extract_lane 1 (local.get $a0)))
          (f32.add (f32x4.extract_lane 2 (local.get $a0)) (f32x4.extract_lane 3 (local.get $a0)))))
        (local.set $stop (i32.add (local.get $row) (local.get $stride)))
        (block $rest_done
          (loop $rest
            (br_if $rest_done (i32.ge_u (local.get $p) (local.get $stop)))
            (local.set $s (f32.add (local.get $s)
              (f32.mul (f32.load (local.get $p)) (f32.load (local.get $q)))))
            (local.set $p (i32.add (local.get $p) (i32.const 4)))
            (local.set $q (i32.add (local.get $q) (i32.const 4)))
            (br $rest)))
        (f32.store (local.get $out) (local.get $s))
        (local.set $row (i32.add (local.get $row) (local.get $stride)))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $each_row))))
)
