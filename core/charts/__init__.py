"""Tide charts: what a chart shows (`spec`), worded from tide answers (`compose`), drawn into a PNG
(`draw`, matplotlib Agg) in one worker thread (`worker`), with the shipped CJK font (`fonts`) and
the spring/neap label from the moon's age (`spring_neap`)."""
