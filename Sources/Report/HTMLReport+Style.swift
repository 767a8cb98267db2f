// The report page's style sheet (the pictures' own styles are `SVGRenderer.css`). System
// fonts only: the page loads nothing.

extension HTMLReport {
  static let pageCSS = """
    *{box-sizing:border-box}
    html,body{margin:0}
    body{font:13px/1.4 "DejaVu Sans","Liberation Sans",Arial,sans-serif;color:#202124;background:#fff;
      display:flex;flex-direction:column;height:100vh}
    header{padding:8px 16px;border-bottom:1px solid #dadce0;background:#f8f9fa}
    h1{font-size:17px;margin:0;font-weight:600}
    h1 .label{color:#1a73e8}
    h1 .delegate{color:#5f6368;font-weight:normal}
    .meta{margin:2px 0 0;color:#5f6368;font-size:12px}
    main{flex:1 1 0;display:grid;grid-template-columns:minmax(0,1fr) 380px;min-height:360px}
    .stage{display:flex;gap:16px;justify-content:center;align-items:stretch;padding:10px 12px;
      background:#f1f3f4;min-width:0;min-height:0;overflow:hidden}
    .screen{margin:0;display:flex;flex-direction:column;align-items:center;min-width:0;
      min-height:0;flex:1}
    .screen figcaption{font-size:12px;color:#3c4043;margin-bottom:6px;text-align:center}
    .screen figcaption .side{font-weight:bold;color:#202124}
    .svg-host{flex:1;display:flex;justify-content:center;align-items:center;width:100%;
      min-height:0;overflow:hidden}
    .svg-host>svg{display:block;box-shadow:0 1px 3px rgba(60,64,67,.4);background:#fff}
    .missing{color:#a50e0e;font-style:italic}
    .details{border-left:1px solid #dadce0;padding:4px 12px 8px;overflow:auto;min-height:0}
    .details h2{font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#5f6368;
      margin:12px 0 4px}
    .details dl{display:grid;grid-template-columns:max-content 1fr;gap:1px 10px;margin:0}
    .details dt{color:#5f6368}
    .details dd{margin:0;overflow-wrap:anywhere}
    .details table{border-collapse:collapse;width:100%;font-size:12px}
    .details th,.details td{text-align:left;padding:1px 4px;border-bottom:1px solid #f1f3f4;
      vertical-align:top;overflow-wrap:anywhere}
    .details th{color:#5f6368;font-weight:normal;white-space:nowrap}
    .details td.n,.details th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
    .details td.k{white-space:nowrap}
    .details td.id{font-family:"DejaVu Sans Mono",monospace;font-size:11px;width:100%}
    .details td.id .flags{display:block;font-family:"DejaVu Sans",sans-serif;color:#5f6368}
    .details tr:hover td{background:#e8f0fe}
    #findings{margin:0;padding-left:20px}
    #findings li{margin-bottom:4px}
    .finding-error strong{color:#d93025}
    .finding-warning strong{color:#e8710a}
    #findings-box.empty h2::after{content:" \\2014  none";text-transform:none;color:#188038}
    #changes{margin:0;padding-left:18px;font-size:12px}
    #changes li{margin-bottom:2px}
    #changes .state{color:#7627bb}
    #changes .intro{color:#d93025}
    #changes .fixed{color:#188038}
    .views{color:#5f6368}
    footer{border-top:1px solid #dadce0;padding:6px 16px 8px;background:#f8f9fa}
    .controls{display:flex;align-items:center;gap:8px;flex-wrap:wrap}
    #scrubber{flex:1;min-width:200px}
    #position{font-variant-numeric:tabular-nums;min-width:150px;color:#3c4043}
    button{font:inherit;padding:2px 8px;border:1px solid #dadce0;border-radius:4px;background:#fff;
      cursor:pointer}
    button:disabled{color:#9aa0a6;cursor:default}
    #timeline{width:100%;display:block;margin-top:6px;cursor:pointer}
    .keys{margin:4px 0 0;color:#5f6368;font-size:11px}
    .summary{padding:6px 16px;border-bottom:1px solid #dadce0;max-height:150px;overflow:auto}
    .summary p{margin:0 0 6px}
    .summary table{border-collapse:collapse;font-size:12px}
    .summary th,.summary td{padding:2px 8px;border-bottom:1px solid #f1f3f4;text-align:left}
    .summary td.n{text-align:right;font-variant-numeric:tabular-nums}
    .summary tbody tr{cursor:pointer}
    .summary tbody tr:hover td{background:#fce8f4}
    .summary .columns{display:flex;gap:24px;flex-wrap:wrap;align-items:flex-start}
    .summary ul{margin:0;padding-left:18px}
    .identical{color:#188038;font-weight:600}
    .differs{color:#d01884;font-weight:600}
    """
}
