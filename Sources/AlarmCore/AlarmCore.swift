// Placeholder until the format, configuration and runtime land.
@_exported public import Beanstalk
