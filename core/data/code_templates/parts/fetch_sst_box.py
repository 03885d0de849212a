def fetch(bbox, start, end):
    """The mean of FIELD (°C, MUR SST or its anomaly) over bbox for every day from start to end; None: no data."""
    arguments = {"bbox": bbox, "fields": [FIELD]}
    return [{"date": day, FIELD: (answer or {}).get(FIELD)}
            for day, answer in asyncio.run(each_day("ghrsst.bbox_mean", arguments, start, end))]
